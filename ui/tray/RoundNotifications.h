#pragma once

#include "syncthread/SyncWorker.h"
#include "tray/Notifier.h"

#include <QCoreApplication>

namespace teamai::ui {

/// @brief Turns what a sync round ran into notification events titled by what happened: a
/// command refused by the kill switch is "Blocked by your setting", not a failure; an installed
/// skill is "Skill installed"; anything else that failed is "Command failed".
class RoundNotifications
{
    Q_DECLARE_TR_FUNCTIONS(RoundNotifications)
public:
    static QList<NotificationEvent> eventsFor(const SyncRoundResult &result);
    static NotificationEvent eventFor(const RanCommand &ran);

private:
    static QString installedTitle(const QString &type);
};

} // namespace teamai::ui
