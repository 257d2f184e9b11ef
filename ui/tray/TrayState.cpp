#include "tray/TrayState.h"

#include <QCoreApplication>
#include <QLocale>

namespace teamai::ui {
namespace {

// Free functions have no tr(): this gives them the "TrayStatus" context, one lupdate also sees.
struct TrayStatusText {
    Q_DECLARE_TR_FUNCTIONS(TrayStatus)
};

QString timeText(const QDateTime &time, const QDateTime &now)
{
    const QDateTime local = time.toLocalTime();
    if (local.date() == now.toLocalTime().date())
        return QLocale().toString(local.time(), QLocale::ShortFormat);
    return QLocale().toString(local, QLocale::ShortFormat);
}

} // namespace

TrayState trayStateFor(const TrayInputs &inputs)
{
    if (inputs.commandRunning)
        return TrayState::CommandRunning;
    if (inputs.syncing)
        return TrayState::Syncing;
    if (inputs.lastSyncFailed)
        return TrayState::Error;
    if (!inputs.remoteAllowed)
        return inputs.remoteLocked ? TrayState::RemoteLocked : TrayState::RemoteDisabled;
    return TrayState::Idle;
}

QString trayStateName(TrayState state)
{
    switch (state) {
    case TrayState::CommandRunning: return QStringLiteral("running");
    case TrayState::Syncing: return QStringLiteral("syncing");
    case TrayState::Error: return QStringLiteral("error");
    case TrayState::RemoteLocked: return QStringLiteral("locked");
    case TrayState::RemoteDisabled: return QStringLiteral("disabled");
    case TrayState::Idle: return QStringLiteral("idle");
    }
    return {};
}

QString trayStateText(TrayState state)
{
    switch (state) {
    case TrayState::CommandRunning: return TrayStatusText::tr("A remote command is running");
    case TrayState::Syncing: return TrayStatusText::tr("Syncing…");
    case TrayState::Error: return TrayStatusText::tr("Sync failed");
    case TrayState::RemoteLocked: return TrayStatusText::tr("Remote commands disabled (locked by policy)");
    case TrayState::RemoteDisabled: return TrayStatusText::tr("Remote commands disabled");
    case TrayState::Idle: return TrayStatusText::tr("Up to date");
    }
    return {};
}

namespace {

// Whole sentences for the translators: the result and its message are never glued on.
QString lastSyncLine(const TrayInputs &inputs)
{
    if (!inputs.lastSyncTime.isValid())
        return TrayStatusText::tr("Last sync: never");
    const QString when = QLocale().toString(inputs.lastSyncTime.toLocalTime(), QLocale::ShortFormat);
    const QString message = inputs.lastSyncMessage.left(120);
    if (inputs.lastSyncOk)
        return message.isEmpty() ? TrayStatusText::tr("Last sync: %1 — ok").arg(when)
                                 : TrayStatusText::tr("Last sync: %1 — ok: %2").arg(when, message);
    return message.isEmpty() ? TrayStatusText::tr("Last sync: %1 — failed").arg(when)
                             : TrayStatusText::tr("Last sync: %1 — failed: %2").arg(when, message);
}

} // namespace

QString trayToolTip(const TrayInputs &inputs)
{
    QStringList lines;
    lines << TrayStatusText::tr("TeamAI Agent — %1").arg(trayStateText(trayStateFor(inputs)));
    lines << (inputs.endpoint.isEmpty() ? TrayStatusText::tr("Backend: not configured")
                                        : TrayStatusText::tr("Backend: %1").arg(inputs.endpoint));
    lines << lastSyncLine(inputs);
    lines << (inputs.running > 0 ? TrayStatusText::tr("Pending commands: %1, running: %2").arg(inputs.pending).arg(inputs.running)
                                 : TrayStatusText::tr("Pending commands: %1").arg(inputs.pending));
    if (!inputs.remoteAllowed)
        lines << (inputs.remoteLocked ? TrayStatusText::tr("Remote commands: disabled (locked by policy)")
                                      : TrayStatusText::tr("Remote commands: disabled"));
    return lines.join(u'\n');
}

} // namespace teamai::ui

namespace teamai::ui {

QString trayStatusHeadline(const TrayInputs &inputs)
{
    switch (trayStateFor(inputs)) {
    case TrayState::CommandRunning:
    case TrayState::Syncing:
    case TrayState::RemoteLocked:
    case TrayState::RemoteDisabled:
        return trayStateText(trayStateFor(inputs));
    case TrayState::Error:
        break;
    case TrayState::Idle:
        return inputs.lastSyncTime.isValid() || inputs.lastSuccessTime.isValid() ? TrayStatusText::tr("Up to date") : TrayStatusText::tr("Not synced yet");
    }
    switch (inputs.problem) {
    case SyncProblem::Unreachable:
        return TrayStatusText::tr("Cannot reach the backend");
    case SyncProblem::TokenRejected:
        return TrayStatusText::tr("The backend rejected the token");
    case SyncProblem::NotConfigured:
        return TrayStatusText::tr("Not set up yet: enter the backend and token in Settings");
    case SyncProblem::None:
    case SyncProblem::Failed:
        break;
    }
    return inputs.lastSyncMessage.isEmpty() ? TrayStatusText::tr("Sync failed")
                                            : TrayStatusText::tr("Sync failed: %1").arg(inputs.lastSyncMessage.left(80));
}

QString trayStatusTimes(const TrayInputs &inputs, const QDateTime &now)
{
    const bool last = inputs.lastSuccessTime.isValid();
    const bool next = inputs.nextSyncTime.isValid();
    if (last && next)
        return TrayStatusText::tr("Last successful sync: %1. Next sync: %2.").arg(timeText(inputs.lastSuccessTime, now), timeText(inputs.nextSyncTime, now));
    if (last)
        return TrayStatusText::tr("Last successful sync: %1.").arg(timeText(inputs.lastSuccessTime, now));
    if (next)
        return TrayStatusText::tr("No successful sync yet. Next sync: %1.").arg(timeText(inputs.nextSyncTime, now));
    return TrayStatusText::tr("No successful sync yet.");
}

TrayFix trayFixFor(const TrayInputs &inputs)
{
    if (!inputs.lastSyncFailed)
        return TrayFix::None;
    switch (inputs.problem) {
    case SyncProblem::TokenRejected: return TrayFix::EnterToken;
    case SyncProblem::NotConfigured: return TrayFix::Settings;
    case SyncProblem::None:
    case SyncProblem::Unreachable:
    case SyncProblem::Failed: return TrayFix::Retry;
    }
    return TrayFix::None;
}

} // namespace teamai::ui
