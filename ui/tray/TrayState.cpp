#include "tray/TrayState.h"

#include <QCoreApplication>
#include <QLocale>

namespace teamai::ui {
namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("TrayStatus", text);
}

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
    case TrayState::CommandRunning: return QStringLiteral("A remote command is running");
    case TrayState::Syncing: return QStringLiteral("Syncing…");
    case TrayState::Error: return QStringLiteral("Sync failed");
    case TrayState::RemoteLocked: return QStringLiteral("Remote commands disabled (locked by policy)");
    case TrayState::RemoteDisabled: return QStringLiteral("Remote commands disabled");
    case TrayState::Idle: return QStringLiteral("Up to date");
    }
    return {};
}

QString trayToolTip(const TrayInputs &inputs)
{
    QStringList lines;
    lines << QStringLiteral("TeamAI Agent — %1").arg(trayStateText(trayStateFor(inputs)));
    lines << QStringLiteral("Backend: %1").arg(inputs.endpoint.isEmpty() ? QStringLiteral("not configured") : inputs.endpoint);
    if (!inputs.lastSyncTime.isValid()) {
        lines << QStringLiteral("Last sync: never");
    } else {
        const QString when = QLocale().toString(inputs.lastSyncTime.toLocalTime(), QLocale::ShortFormat);
        QString result = inputs.lastSyncOk ? QStringLiteral("ok") : QStringLiteral("failed");
        if (!inputs.lastSyncMessage.isEmpty())
            result += QStringLiteral(": ") + inputs.lastSyncMessage.left(120);
        lines << QStringLiteral("Last sync: %1 — %2").arg(when, result);
    }
    QString commands = QStringLiteral("Pending commands: %1").arg(inputs.pending);
    if (inputs.running > 0)
        commands += QStringLiteral(", running: %1").arg(inputs.running);
    lines << commands;
    if (!inputs.remoteAllowed)
        lines << QStringLiteral("Remote commands: disabled%1").arg(inputs.remoteLocked ? QStringLiteral(" (locked by policy)") : QString());
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
        return inputs.lastSyncTime.isValid() || inputs.lastSuccessTime.isValid() ? tr("Up to date") : tr("Not synced yet");
    }
    switch (inputs.problem) {
    case SyncProblem::Unreachable:
        return tr("Cannot reach the backend");
    case SyncProblem::TokenRejected:
        return tr("The backend rejected the token");
    case SyncProblem::NotConfigured:
        return tr("Not set up yet: enter the backend and token in Settings");
    case SyncProblem::None:
    case SyncProblem::Failed:
        break;
    }
    return inputs.lastSyncMessage.isEmpty() ? tr("Sync failed")
                                            : tr("Sync failed: %1").arg(inputs.lastSyncMessage.left(80));
}

QString trayStatusTimes(const TrayInputs &inputs, const QDateTime &now)
{
    const bool last = inputs.lastSuccessTime.isValid();
    const bool next = inputs.nextSyncTime.isValid();
    if (last && next)
        return tr("Last successful sync: %1. Next sync: %2.").arg(timeText(inputs.lastSuccessTime, now), timeText(inputs.nextSyncTime, now));
    if (last)
        return tr("Last successful sync: %1.").arg(timeText(inputs.lastSuccessTime, now));
    if (next)
        return tr("No successful sync yet. Next sync: %1.").arg(timeText(inputs.nextSyncTime, now));
    return tr("No successful sync yet.");
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
