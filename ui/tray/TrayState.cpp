#include "tray/TrayState.h"

#include <QLocale>

namespace teamai::ui {

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
