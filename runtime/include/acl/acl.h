/* AscendCL umbrella header: what Ascend programs include. Pulls in the runtime API
 * (acl_rt.h, which holds aclInit/aclFinalize and the version macros), acl_op.h and acl_mdl.h. */
#ifndef ACLEMU_ACL_ACL_H_
#define ACLEMU_ACL_ACL_H_

#include "acl_mdl.h"
#include "acl_op.h"
#include "acl_rt.h"

#endif /* ACLEMU_ACL_ACL_H_ */
