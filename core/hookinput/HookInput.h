#pragma once

#include <QDeadlineTimer>
#include <QJsonObject>
#include <QString>

namespace teamai {

/// @brief What an agent hook hands us on stdin (SPEC §6). The JSON may be empty or invalid; the
/// agent must never be broken by that, so parsing never fails: it falls back to the process cwd.
struct HookInput {
    QJsonObject json;      ///< the parsed object, empty when stdin held none
    QString cwd;           ///< `cwd` from the JSON when it names an existing folder, else ours
    QString parseError;    ///< why the JSON was ignored (logged, never shown to the agent)

    static HookInput fromBytes(const QByteArray &bytes);

    /// @brief Reads stdin without ever hanging the hook: at most @p maxBytes, gives up after
    /// @p timeoutMs without data (an agent that keeps stdin open must not stall us), and stops at
    /// @p deadline however the data trickles in (a byte every 100 ms must not hold the hook: the
    /// read is part of the hook's budget). A terminal on stdin is not read at all.
    static QByteArray readStdin(qint64 maxBytes = 1024 * 1024, int timeoutMs = 200,
                                QDeadlineTimer deadline = QDeadlineTimer(QDeadlineTimer::Forever));
};

/// @brief SPEC §6 sandbox guard: true inside a CloudStudio container (`X_IDE_IS_CLOUDSTUDIO=TRUE`
/// or /var/run/cloudstudio exists) unless `TEAMAI_ALLOW_SANDBOX_REPORT=1`.
bool shouldSkipReportInSandbox();

} // namespace teamai
