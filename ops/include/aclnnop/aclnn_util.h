// ACLNN_API: the export marking of the aclnn operator entry points (aclnnop/aclnn_*.h).
#ifndef ACLEMU_ACLNNOP_ACLNN_UTIL_H
#define ACLEMU_ACLNNOP_ACLNN_UTIL_H

#ifndef ACLNN_API
#    define ACLNN_API __attribute__((visibility("default")))
#endif

#endif  // ACLEMU_ACLNNOP_ACLNN_UTIL_H
