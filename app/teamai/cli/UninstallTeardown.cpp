#include "cli/UninstallTeardown.h"

#include "cli/CliCommand.h"
#include "cli/UninstallTeardown_platform.h"
#include "config/AgentConfig.h"
#include "config/AgentSettings.h"
#include "config/ReferenceTokenFiles.h"
#include "config/TokenStore.h"
#include "plugins/PluginPull.h"
#include "plugins/PluginState.h"
#include "util/Paths.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

namespace teamai::cli::teardown {
namespace {

bool removeFileReporting(const QString &path)
{
    if (!QFileInfo::exists(path))
        return true;
    if (!QFile::remove(path)) {
        printErr(QStringLiteral("teamai uninstall: cannot remove %1").arg(path));
        return false;
    }
    printOut(QStringLiteral("Removed %1").arg(path));
    return true;
}

/// teamai-cli's `init --http` config (~/.teamai/config.yaml, `repo.kind: http`): from it alone
/// the reference rebuilds config.json and reports again, so a full uninstall takes it too. A git
/// team repo's config is the user's clone's and stays.
QString referenceHttpConfig()
{
    const QString path = paths::teamaiHome() + QStringLiteral("/config.yaml");
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    static const QRegularExpression httpKind(QStringLiteral("^\\s+kind:\\s*[\"']?http[\"']?\\s*$"), QRegularExpression::MultilineOption);
    return httpKind.match(QString::fromUtf8(file.read(64 * 1024))).hasMatch() ? path : QString();
}

/// Every endpoint a keychain entry could be under: config.json's (the token is keyed by it).
QStringList knownEndpoints()
{
    const QString endpoint = AgentConfig::load().config.endpoint();
    return endpoint.isEmpty() ? QStringList() : QStringList{endpoint};
}

} // namespace

QStringList pluginPlan()
{
    QStringList lines;
    const QJsonObject plugins = plugins::state::readPlugins();
    for (auto it = plugins.begin(); it != plugins.end(); ++it)
        lines << QStringLiteral("plugin %1 (runs its uninstall command `%2`)")
                     .arg(it.key(), it.value().toObject().value(QStringLiteral("uninstallCmd")).toString());
    return lines;
}

bool tearDownPlugins()
{
    const plugins::ReconcileReport report = plugins::pull::teardownAll();
    for (const QString &slug : report.uninstalled)
        printOut(QStringLiteral("Uninstalled plugin %1").arg(slug));
    for (const QString &slug : report.failed) {
        printErr(QStringLiteral("teamai uninstall: plugin %1 was not uninstalled (%2); it stays recorded in %3")
                     .arg(slug, report.errors.value(slug), plugins::state::pluginsPath()));
    }
    return report.failed.isEmpty();
}

QStringList configurationPlan()
{
    QStringList lines;
    for (const QString &holder : referencetoken::holders())
        lines << QStringLiteral("the API token in %1").arg(holder);
    if (AgentSettings::load().settings.tokenLocation() == AgentSettings::TokenLocation::Keychain)
        lines << QStringLiteral("the API token in the system credential store");
    for (const QString &path : {AgentConfig::defaultPath(), AgentSettings::defaultPath(), referenceHttpConfig()}) {
        if (!path.isEmpty() && QFileInfo::exists(path))
            lines << path;
    }
    if (autostartPresent())
        lines << QStringLiteral("the tray's autostart entry %1").arg(autostartLocation());
    return lines;
}

bool removeConfiguration()
{
    bool ok = true;
    const QStringList holders = referencetoken::holders();
    // Probe the keychain even when ours recorded the file: an earlier install may have used it.
    if (const Status removed = TokenStore::removeEverywhere(knownEndpoints(), true)) {
        if (!holders.isEmpty() || !knownEndpoints().isEmpty())
            printOut(QStringLiteral("Removed the API token (files and credential store)"));
    } else {
        printErr(QStringLiteral("teamai uninstall: %1").arg(removed.error()));
        ok = false;
    }
    // config.json last among the token's places: it names the keychain entry's endpoint.
    ok = removeFileReporting(AgentConfig::defaultPath()) && ok;
    ok = removeFileReporting(AgentSettings::defaultPath()) && ok;
    if (const QString referenceConfig = referenceHttpConfig(); !referenceConfig.isEmpty())
        ok = removeFileReporting(referenceConfig) && ok;
    if (autostartPresent()) {
        if (removeAutostart()) {
            printOut(QStringLiteral("Removed the tray's autostart entry %1").arg(autostartLocation()));
        } else {
            printErr(QStringLiteral("teamai uninstall: cannot remove %1").arg(autostartLocation()));
            ok = false;
        }
    }
    return ok;
}

QStringList purgePlan()
{
    const QString state = paths::agentStateDir();
    return QFileInfo::exists(state) ? QStringList{QStringLiteral("%1 (ledger, history, logs, spill files)").arg(state)}
                                    : QStringList();
}

bool purgeState()
{
    const QString state = paths::agentStateDir();
    if (!QFileInfo::exists(state))
        return true;
    if (!QDir(state).removeRecursively()) {
        printErr(QStringLiteral("teamai uninstall: cannot remove all of %1").arg(state));
        return false;
    }
    printOut(QStringLiteral("Removed %1").arg(state));
    // The TeamAI home goes too once nothing else (e.g. teamai-cli's files) is in it.
    QDir().rmdir(paths::teamaiHome());
    return true;
}

} // namespace teamai::cli::teardown
