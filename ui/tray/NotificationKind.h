#pragma once

#include <QList>
#include <QSet>
#include <QString>

#include "util/Result.h"

namespace teamai::ui {

/// @brief What a desktop notification is about; the user chooses in Settings which kinds to get.
enum class NotificationKind {
    Blocked,    ///< a pushed command was not run because remote commands are turned off here
    Failed,     ///< a pushed command ran (or was refused) and failed
    Installed,  ///< a skill, rule, MCP server or hook rule was installed or removed
    Succeeded,  ///< any other pushed command that ran and worked
};

/// @brief Every kind, in the order Settings lists them.
QList<NotificationKind> allNotificationKinds();

/// @brief The kind's spelling in settings.json ("blocked", "failed", "installed", "succeeded").
QString notificationKindKey(NotificationKind kind);

/// @brief The kinds the user wants, read from settings.json now (all of them by default).
QSet<NotificationKind> enabledNotificationKinds();

/// @brief Saves @p enabled (as the list of the kinds left out, so that a kind added later is on
/// by default) through AgentSettings::update; the error says why it could not be written.
Status saveEnabledNotificationKinds(const QSet<NotificationKind> &enabled);

} // namespace teamai::ui
