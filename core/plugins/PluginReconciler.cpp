#include "plugins/PluginReconciler.h"

#include "log/Logging.h"

#include <QDateTime>
#include <QJsonValue>

namespace teamai::plugins {
namespace {

QString iso(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODateWithMs);
}

QJsonObject readyState(const PluginSpec &spec, qint64 nowMs)
{
    QJsonObject entry{{QStringLiteral("slug"), spec.slug}, {QStringLiteral("ready"), true},
                      {QStringLiteral("installedAt"), iso(nowMs)}, {QStringLiteral("uninstallCmd"), spec.uninstallCmd},
                      {QStringLiteral("cmdFingerprint"), spec.fingerprint()}};
    if (!spec.version.isEmpty())
        entry.insert(QStringLiteral("version"), spec.version);
    return entry;
}

QJsonObject failedState(const PluginSpec &spec, const QJsonObject &previous, const QString &error, qint64 nowMs)
{
    QJsonObject entry = previous;
    if (entry.isEmpty()) {
        entry = {{QStringLiteral("slug"), spec.slug}, {QStringLiteral("ready"), false}, {QStringLiteral("uninstallCmd"), spec.uninstallCmd}};
        if (!spec.version.isEmpty())
            entry.insert(QStringLiteral("version"), spec.version);
    }
    // A ready plugin whose update failed stays ready (the old one still works).
    if (!previous.value(QStringLiteral("ready")).toBool())
        entry.insert(QStringLiteral("ready"), false);
    entry.insert(QStringLiteral("lastAttemptAt"), iso(nowMs));
    entry.insert(QStringLiteral("lastError"), error);
    return entry;
}

/// Runs @p first then run_cmd; the first error.
Status runPair(const ReconcileDeps &deps, const QString &first, int firstTimeoutMs, const PluginSpec &spec)
{
    if (const Status ran = deps.run(spec.slug, first, firstTimeoutMs); !ran)
        return ran;
    return deps.run(spec.slug, spec.runCmd, kRunTimeoutMs);
}

enum class Step { Nothing, Install, Update, Backfill, CoolingDown };

Step stepFor(const PluginSpec &spec, const QJsonObject &entry, qint64 nowMs)
{
    if (entry.isEmpty() || !entry.value(QStringLiteral("ready")).toBool()) {
        const QDateTime last = QDateTime::fromString(entry.value(QStringLiteral("lastAttemptAt")).toString(), Qt::ISODateWithMs);
        if (last.isValid() && nowMs - last.toMSecsSinceEpoch() < kFailureCooldownMs)
            return Step::CoolingDown;
        return Step::Install;
    }
    const QJsonValue fingerprint = entry.value(QStringLiteral("cmdFingerprint"));
    const bool versionChanged = !spec.version.isEmpty() && entry.value(QStringLiteral("version")).toString() != spec.version;
    const bool commandsChanged = fingerprint.isString() && fingerprint.toString() != spec.fingerprint();
    if (versionChanged || commandsChanged)
        return Step::Update;
    return fingerprint.isUndefined() ? Step::Backfill : Step::Nothing;
}

void apply(const PluginSpec &spec, QJsonObject &plugins, const ReconcileDeps &deps, ReconcileReport &report)
{
    const QJsonObject entry = plugins.value(spec.slug).toObject();
    const Step step = stepFor(spec, entry, deps.nowMs());
    Status ran;
    switch (step) {
    case Step::Nothing:
        return;
    case Step::CoolingDown:
        report.coolingDown << spec.slug;
        return;
    case Step::Backfill: {
        QJsonObject filled = entry;
        filled.insert(QStringLiteral("cmdFingerprint"), spec.fingerprint());
        plugins.insert(spec.slug, filled);
        deps.save(plugins);
        return;
    }
    case Step::Install:
        ran = runPair(deps, spec.installCmd, kInstallTimeoutMs, spec);
        break;
    case Step::Update:
        ran = runPair(deps, spec.updateCmd.isEmpty() ? spec.installCmd : spec.updateCmd, kInstallTimeoutMs, spec);
        break;
    }
    if (ran) {
        plugins.insert(spec.slug, readyState(spec, deps.nowMs()));
        (step == Step::Install ? report.installed : report.updated) << spec.slug;
    } else {
        qCWarning(lcCommands).noquote() << "plugin" << spec.slug << (step == Step::Install ? "install" : "update") << "failed:" << ran.error();
        plugins.insert(spec.slug, failedState(spec, entry, ran.error(), deps.nowMs()));
        report.failed << spec.slug;
    }
    deps.save(plugins);
}

/// Runs the recorded uninstall command of every plugin not in @p declared; a plugin whose
/// command fails stays recorded (the next reconcile or teardown tries again).
void uninstallAllBut(const QStringList &declared, QJsonObject &plugins, const ReconcileDeps &deps, ReconcileReport &report)
{
    for (const QString &slug : plugins.keys()) {
        if (declared.contains(slug))
            continue;
        const QString uninstall = plugins.value(slug).toObject().value(QStringLiteral("uninstallCmd")).toString();
        const Status removed = uninstall.isEmpty() ? Status(Error{QStringLiteral("no uninstall command recorded")})
                                                   : deps.run(slug, uninstall, kInstallTimeoutMs);
        if (!removed) {
            qCWarning(lcCommands).noquote() << "plugin" << slug << "uninstall failed:" << removed.error();
            report.failed << slug;
            report.errors.insert(slug, removed.error());
            continue;
        }
        plugins.remove(slug);
        report.uninstalled << slug;
        deps.save(plugins);
    }
}

} // namespace

ReconcileReport reconcile(const QList<PluginSpec> &desired, const QStringList &keep, QJsonObject &plugins,
                          const ReconcileDeps &deps)
{
    ReconcileReport report;
    QStringList declared = keep;
    for (const PluginSpec &spec : desired) {
        declared << spec.slug;
        apply(spec, plugins, deps, report);
    }
    uninstallAllBut(declared, plugins, deps, report);
    return report;
}

ReconcileReport teardown(QJsonObject &plugins, const ReconcileDeps &deps)
{
    ReconcileReport report;
    uninstallAllBut({}, plugins, deps, report);
    return report;
}

} // namespace teamai::plugins
