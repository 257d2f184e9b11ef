#pragma once

#include <QString>
#include <QStringList>

namespace teamai::cli::teardown {

/// @brief The full uninstall beyond the agents' hooks and resources (issue #14 item 6): the
/// configuration (config.json, settings.json), the API token in every store it could be in
/// (teamai-cli's plain files and the keychain entry) and the tray's autostart entry. The ledger,
/// logs and history stay unless purged.

/// @brief One line per plugin get-config installed (plugins.json) whose uninstall command
/// tearDownPlugins() would run.
QStringList pluginPlan();
/// @brief Runs each recorded plugin's uninstall command, as the reference's uninstall does
/// (through the allowlist, refused while remote commands are off); false when one failed
/// (it then stays recorded).
bool tearDownPlugins();

/// @brief One line per thing removeConfiguration() would remove (empty: nothing there).
QStringList configurationPlan();
/// @brief Removes it, printing one line per removal; false when something could not be removed.
bool removeConfiguration();

/// @brief `--purge`: the agent's whole state folder (ledger, logs, spill files, manifest...).
QStringList purgePlan();
bool purgeState();

/// @brief The tray's per-user autostart entry on this platform (for messages and tests).
QString autostartLocation();

} // namespace teamai::cli::teardown
