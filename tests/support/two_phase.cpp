// Printing a TwoPhaseResult (two_phase.h) in assertion messages.
#include "support/two_phase.h"

namespace aclemu::test {

std::ostream& operator<<(std::ostream& os, const TwoPhaseResult& r) {
    os << "phase 1 " << r.get_workspace << " (workspace " << r.workspace_size
       << " bytes), phase 2 ";
    if (r.run == kNotRun) {
        os << "not run";
    } else {
        os << r.run << ", synchronize " << r.synchronize;
    }
    const char* message = aclGetRecentErrMsg();
    if (message != nullptr) {
        os << "; last error: " << message;
    }
    return os;
}

}  // namespace aclemu::test
