#pragma once

#include "plugins/PluginConfig.h"
#include "util/Result.h"

#include <QJsonObject>
#include <QMap>
#include <QStringList>

#include <functional>

namespace teamai::plugins {

/// @brief What reconcile() needs from the outside, so tests can play it.
struct ReconcileDeps {
    /// Runs one command of plugin @p slug; its error becomes `lastError`.
    std::function<Status(const QString &slug, const QString &command, int timeoutMs)> run;
    std::function<qint64()> nowMs;                     ///< milliseconds since the epoch
    std::function<void(const QJsonObject &plugins)> save;  ///< after every change
};

/// @brief What one reconcile did, slug by slug.
struct ReconcileReport {
    QStringList installed, updated, uninstalled, failed, coolingDown;
    QMap<QString, QString> errors;  ///< why each uninstall in `failed` failed
};

/// @brief The reference client's plugin lifecycle (teamai-cli 0.25 `reconcilePlugins`) over
/// @p plugins (plugins.json): a declared plugin that is not ready is installed (install_cmd,
/// then run_cmd) unless its last attempt failed less than 10 minutes ago; a ready one whose
/// version or commands changed is updated (update_cmd or install_cmd, then run_cmd); a recorded
/// plugin no longer declared is uninstalled with the uninstall_cmd recorded for it. A failure
/// is recorded (`lastAttemptAt`, `lastError`) and the next plugin goes on. Slugs in @p keep
/// (declared but not runnable now) are neither installed nor uninstalled.
ReconcileReport reconcile(const QList<PluginSpec> &desired, const QStringList &keep, QJsonObject &plugins,
                          const ReconcileDeps &deps);

/// @brief `teamai uninstall`'s part (the reference's `teardownAllPlugins`): runs every recorded
/// plugin's uninstall command; those that succeed are dropped from @p plugins, a failure is
/// reported and the plugin stays recorded.
ReconcileReport teardown(QJsonObject &plugins, const ReconcileDeps &deps);

inline constexpr int kInstallTimeoutMs = 5 * 60 * 1000;
inline constexpr int kRunTimeoutMs = 60 * 1000;
inline constexpr qint64 kFailureCooldownMs = 10 * 60 * 1000;

} // namespace teamai::plugins
