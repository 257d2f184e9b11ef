#pragma once

#include "exec/ExecResult.h"
#include "store/LedgerTypes.h"

namespace teamai {

/// @brief What the ledger records of @p result: the shell-style status (set when the child
/// exited or was signalled), the signal, the timeout and cancel flags, the output tails and
/// spill files, the pid. The store keeps its own record so it never reads executor fields.
RunRecord runRecordOf(const exec::ExecResult &result);

} // namespace teamai
