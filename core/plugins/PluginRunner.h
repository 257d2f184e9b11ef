#pragma once

#include "util/Result.h"

#include <QString>

namespace teamai::exec {
class Executor;
struct ExecPolicy;
}

namespace teamai::plugins {

/// @brief Runs a plugin command from get-config the way every command from the backend runs
/// here (SPEC §5): refused while the remote-command kill switch is off or inside a pushed
/// command; tokenized by the hand-written tokenizer; only our own `teamai` with arguments from
/// the closed allowlist; never a shell. The reference client runs these with `bash -lc`
/// (docs/compatibility.md).
class PluginRunner
{
public:
    PluginRunner(exec::Executor &executor, const exec::ExecPolicy &policy, QString slug);

    /// @brief Runs @p command; the error in the ack wording of SPEC §5 when it is refused or fails
    /// (`remote cmd disabled by client`, `Rejected cmd: …`, `cmd failed: …`, `cmd timed out: …`).
    Status run(const QString &command, int timeoutMs);

private:
    exec::Executor &m_executor;
    const exec::ExecPolicy &m_policy;
    QString m_slug;
};

} // namespace teamai::plugins
