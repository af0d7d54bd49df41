/* AscendCL single-operator (aclop*) API. aclemu runs operators through the aclnn two-phase API
 * (aclnnop/aclnn_*.h) instead; this header exists because acl/acl.h includes it. */
#ifndef ACLEMU_ACL_ACL_OP_H_
#define ACLEMU_ACL_ACL_OP_H_

#include "acl_base.h"

#endif /* ACLEMU_ACL_ACL_OP_H_ */
