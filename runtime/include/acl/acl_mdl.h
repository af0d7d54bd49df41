/* AscendCL model (aclmdl*) API. aclemu does not load offline models; this header exists because
 * acl/acl.h includes it. */
#ifndef ACLEMU_ACL_ACL_MDL_H_
#define ACLEMU_ACL_ACL_MDL_H_

#include "acl_base.h"

#endif /* ACLEMU_ACL_ACL_MDL_H_ */
