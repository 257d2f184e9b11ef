#include "exec/Executor.h"

namespace teamai::exec {

// Out of line so the vtable has one home.
Executor::~Executor() = default;

} // namespace teamai::exec
