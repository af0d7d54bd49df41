// aclnn's process-level setup, plus everything a caller of an aclnn operator needs: the base
// types of acl_meta.h and the ACLNN_* status codes (aclnn/opdev/op_errno.h).
#ifndef ACLEMU_ACLNN_ACLNN_BASE_H
#define ACLEMU_ACLNN_ACLNN_BASE_H

#include "aclnn/acl_meta.h"
#include "aclnn/opdev/op_errno.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Makes the aclnn operators usable without aclInit. In aclemu the operators need nothing beyond
 * the runtime (aclInit or an implicit start, then aclrtSetDevice), so this only records that
 * aclnn was initialised; it may be called any number of times and together with aclInit.
 * @param configPath  optional configuration file; accepted and ignored (may be NULL)
 * @return ACLNN_SUCCESS
 */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInit(const char* configPath);

/**
 * Counterpart of aclnnInit. Executors the caller still holds stay valid; repeated calls are
 * harmless.
 * @return ACLNN_SUCCESS
 */
ACL_FUNC_VISIBILITY aclnnStatus aclnnFinalize();

#ifdef __cplusplus
}
#endif

#endif  // ACLEMU_ACLNN_ACLNN_BASE_H
