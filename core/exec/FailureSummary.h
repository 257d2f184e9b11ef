#pragma once

#include "exec/ExecResult.h"

#include <QString>

namespace teamai::exec {

/// @brief The ack error text for a result that did not succeed (SPEC §5 wording), or an empty
/// string for one that did. In order of precedence:
/// - start error: `cmd failed: <startError>`
/// - timed out:   `cmd timed out: <detail>` (fallback detail `killed after N ms`)
/// - the agent got SIGTERM/SIGINT/SIGHUP and stopped the child:
///                `cmd terminated: the agent received SIGTERM and stopped the command`
/// - cancelled:   `cmd cancelled: <detail>` (fallback `cancelled before it finished`)
/// - failed while stdout or stderr was truncated: `cmd output too large: <detail>` — a failing
///   command that also flooded its output is reported as too large, because its summary was
///   taken from a spilled stream; a *succeeding* command with truncated output is a success
///   (the complete stream is in the spill file)
/// - otherwise:   `cmd failed: <detail>`
/// where <detail> is the first 3 non-empty lines of stderr (stdout when stderr has none),
/// ' | '-joined, secrets redacted, at most 200 characters; with no output at all it is
/// `exit status N` or `killed by signal N (status 128+N)`. Lines come from the start of the
/// stream: for a truncated stream they are read from its spill file. Whenever a signal ended the
/// child, the text ends with ` (signal N, status 128+N)` (the fallback already says it).
QString failureSummary(const ExecResult &result);

} // namespace teamai::exec
