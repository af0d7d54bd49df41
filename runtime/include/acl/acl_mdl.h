/* AscendCL model (aclmdl*) API. aclemu does not load offline models; this header exists because
 * acl/acl.h includes it. */
#ifndef ACLEMU_ACL_ACL_MDL_H_
#define ACLEMU_ACL_ACL_MDL_H_

#include "acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Dump configuration (acl/acl_dump.h, docs/dump.md): InitDump, then SetDump with the path of a
 * JSON configuration, then run operators; FinalizeDump ends it. */
ACL_FUNC_VISIBILITY aclError aclmdlInitDump(void);
ACL_FUNC_VISIBILITY aclError aclmdlSetDump(const char* dumpCfgPath);
ACL_FUNC_VISIBILITY aclError aclmdlFinalizeDump(void);

#ifdef __cplusplus
}
#endif

#endif /* ACLEMU_ACL_ACL_MDL_H_ */
