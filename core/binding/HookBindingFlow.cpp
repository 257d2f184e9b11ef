#include "binding/HookBindingFlow.h"

#include "binding/BindingHint.h"
#include "binding/BindingStore.h"
#include "binding/Bindings.h"
#include "binding/ProjectList.h"
#include "binding/WorkspacePaths.h"
#include "log/Logging.h"
#include "net/BackendClient.h"
#include "tools/ToolTable.h"
#include "util/Os.h"
#include "util/Paths.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>

namespace teamai::binding {
namespace {

constexpr qint64 kMarkerMaxAgeDays = 7;

QString stringField(const QJsonObject &json, const char *name)
{
    const QJsonValue value = json.value(QLatin1String(name));
    return value.isString() ? value.toString() : QString();
}

/// Marks @p key as told in @p dir; false when it was told already (or the mark cannot be made,
/// which must not turn into a hint on every prompt).
bool markOnce(const QString &dir, const QString &event, const QString &key)
{
    if (!paths::ensurePrivateDir(dir))
        return false;
    const QByteArray digest = QCryptographicHash::hash(key.toUtf8(), QCryptographicHash::Sha1).toHex();
    QFile marker(dir + u'/' + event + u'-' + QString::fromLatin1(digest));
    if (marker.exists())
        return false;
    // Old markers of sessions long gone are cleared as new ones are made.
    const QDateTime cutoff = QDateTime::currentDateTimeUtc().addDays(-kMarkerMaxAgeDays);
    for (const QFileInfo &old : QDir(dir).entryInfoList(QDir::Files)) {
        if (old.lastModified().toUTC() < cutoff)
            QFile::remove(old.filePath());
    }
    if (!marker.open(QIODevice::WriteOnly | QIODevice::NewOnly))
        return false;
    marker.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    return true;
}

/// Bound (or skipped) already, or bound now by inheriting the main checkout's binding.
bool alreadyBound(const HookBindingInput &input, const QString &workspace, const QString &configPath)
{
    const BindingStore store(configPath, 100);
    const BindingStore::Outcome now = store.read();
    if (!now.ok) {
        qCDebug(lcConfig).noquote() << "binding flow skipped:" << now.error;
        return true;  // nowhere to keep a binding: nothing to suggest either
    }
    if (now.bindings.contains(workspace))
        return true;
    QJsonObject probe = now.bindings;
    if (!bindings::inheritFromMainCheckout(probe, input.cwd, workspace, bindings::nowIso()))
        return false;
    const BindingStore::Outcome saved = store.update([&](QJsonObject &all) {
        return all.contains(workspace) || bindings::inheritFromMainCheckout(all, input.cwd, workspace, bindings::nowIso());
    });
    if (saved.ok)
        qCInfo(lcConfig).noquote() << "worktree" << workspace << "inherited the binding of its main checkout";
    else
        qCWarning(lcConfig).noquote() << "cannot save the inherited binding:" << saved.error;
    return true;
}

} // namespace

bool HookBindingFlow::appliesTo(const QString &toolName)
{
    const QString flag = qEnvironmentVariable("TEAMAI_BIND_PROMPT_ENABLED").toLower();
    if (qEnvironmentVariableIsSet("TEAMAI_BIND_PROMPT_ENABLED") && (flag == u"0" || flag == u"false"))
        return false;
    const QString tool = normalizeToolName(toolName);
    return tool == u"codebuddy" || tool == u"codebuddy-internal" || tool == u"workbuddy";
}

QString HookBindingFlow::sessionKey(const QJsonObject &hookJson, const QString &cwd)
{
    for (const char *name : {"session_id", "sessionId"}) {
        if (const QString id = stringField(hookJson, name); !id.isEmpty())
            return id;
    }
    if (const QString id = qEnvironmentVariable("CLAUDE_SESSION_ID"); !id.isEmpty())
        return id;
    return QStringLiteral("pid-%1-%2").arg(os::parentPid()).arg(cwd);
}

QString HookBindingFlow::defaultMarkerDir()
{
    return paths::agentStateDir() + QStringLiteral("/bind-hints");
}

QByteArray HookBindingFlow::run(const HookBindingInput &input, BackendClient &client)
{
    const bool sessionStart = input.event == QLatin1String("session-start");
    if ((!sessionStart && input.event != QLatin1String("prompt-submit")) || !input.tool || !appliesTo(input.tool->name))
        return {};
    const QString workspace = workspaceOf(input.cwd);
    const QString configPath = input.configPath.isEmpty() ? AgentConfig::defaultPath() : input.configPath;
    if (workspace.isEmpty() || alreadyBound(input, workspace, configPath))
        return {};
    const QString markerDir = input.markerDir.isEmpty() ? defaultMarkerDir() : input.markerDir;
    if (!markOnce(markerDir, sessionStart ? QStringLiteral("session") : QStringLiteral("prompt"),
                  sessionKey(input.hookJson, input.cwd)))
        return {};

    const qint64 left = input.deadline.isForever() ? kProjectsBudgetMs : input.deadline.remainingTime();
    client.setDeadline(QDeadlineTimer(std::clamp<qint64>(left, 0, kProjectsBudgetMs)));
    const ProjectList list = ProjectList::fetch(client);
    client.setDeadline(input.deadline);
    if (!list.ok()) {
        qCInfo(lcConfig).noquote() << "no binding hint: cannot list the projects:" << list.error;
        return {};
    }
    if (list.projects.isEmpty())
        return {};
    qCInfo(lcConfig).noquote() << "workspace" << workspace << "is not bound; hinting" << list.projects.size() << "project(s)";
    return sessionStart ? hint::sessionStart(list.projects) : hint::promptSubmit(list.projects);
}

} // namespace teamai::binding
