#include "cli/InitOptions.h"

#include "cli/CommandLine.h"
#include "config/AgentConfig.h"
#include "tools/ToolTable.h"

#include <QFileInfo>

namespace teamai::cli {
namespace {

const QString kHttp = QStringLiteral("http");
const QString kToken = QStringLiteral("token");
const QString kTokenStore = QStringLiteral("token-store");
const QString kTool = QStringLiteral("tool");
const QString kScope = QStringLiteral("scope");
const QString kForce = QStringLiteral("force");
const QString kMcp = QStringLiteral("mcp");

/// teamai-cli's git team-repo options: this client has no git mode, so they are refused.
const QStringList &gitModeValueOptions()
{
    static const QStringList names{QStringLiteral("repo"), QStringLiteral("role"), QStringLiteral("project")};
    return names;
}
const QStringList &gitModeFlags()
{
    static const QStringList names{QStringLiteral("self"), QStringLiteral("inherit-user-scope"), QStringLiteral("no-inherit-user-scope")};
    return names;
}

/// The first git-mode option on @p line, as the user would have written it; empty when none.
QString gitModeOption(const CommandLine &line)
{
    if (!line.positionals().isEmpty())
        return QStringLiteral("the team repo argument `%1`").arg(line.positionals().constFirst());
    for (const QString &name : gitModeValueOptions() + gitModeFlags()) {
        if (line.isSet(name))
            return QStringLiteral("--") + name;
    }
    return {};
}

/// Every --tool (repeatable, comma-separated; also spelt --agent or --agents) as one list;
/// @p error on an unknown name.
QList<const ToolInfo *> toolsFrom(const QStringList &lists, QString *error)
{
    QList<const ToolInfo *> tools;
    for (const QString &list : lists) {
        for (const QString &name : list.split(u',', Qt::SkipEmptyParts)) {
            if (name.trimmed().isEmpty())
                continue;
            const ToolInfo *tool = findTool(name);
            if (!tool) {
                *error = QStringLiteral("unknown tool `%1` (known: %2)").arg(name.trimmed(), knownToolList());
                return {};
            }
            if (!tools.contains(tool))
                tools.append(tool);
        }
    }
    if (tools.isEmpty())
        *error = QStringLiteral("--tool needs at least one tool (known: %1)").arg(knownToolList());
    return tools;
}

/// teamai-cli's --scope rules: user or project, and project not in HOME (paths would collide).
QString scopeProblem(const QString &scope, const QString &cwd, const QString &home)
{
    if (scope != QLatin1String("user") && scope != QLatin1String("project"))
        return QStringLiteral("invalid scope `%1`: use user or project").arg(scope);
    if (scope == QLatin1String("project") && QFileInfo(cwd).canonicalFilePath() == QFileInfo(home).canonicalFilePath())
        return QStringLiteral("--scope project cannot be used in your home folder (cd to a project folder, or use --scope user)");
    return {};
}

} // namespace

CommandLine InitOptions::commandLine()
{
    QSet<QString> values{kHttp, kToken, kTokenStore, kTool, kScope};
    QSet<QString> flags{kForce, kMcp};
    for (const QString &name : gitModeValueOptions())
        values.insert(name);
    for (const QString &name : gitModeFlags())
        flags.insert(name);
    CommandLine line(values, flags, 1);
    line.addAlias(QStringLiteral("agent"), kTool);   // teamai-cli's spelling
    line.addAlias(QStringLiteral("agents"), kTool);  // ours before issue 18
    return line;
}

InitOptions InitOptions::from(const CommandLine &line, const QString &cwd, const QString &home)
{
    InitOptions options;
    if (const QString git = gitModeOption(line); !git.isEmpty()) {
        options.error = QStringLiteral("%1 belongs to teamai-cli's git team-repo mode, which this client does not have "
                                       "(it talks to an HTTP backend: use --http URL); nothing was changed").arg(git);
        return options;
    }
    if (!line.isSet(kHttp)) {
        options.error = QStringLiteral("--http URL is required");
        return options;
    }
    options.endpoint = line.value(kHttp).trimmed();
    if (const Status endpoint = AgentConfig::validateEndpoint(options.endpoint); !endpoint) {
        options.error = endpoint.error();
        return options;
    }
    options.token = line.value(kToken);
    options.mcp = line.isSet(kMcp);

    const QString store = line.value(kTokenStore);
    if (store == QLatin1String("keychain"))
        options.backend = TokenStore::Backend::Keychain;
    else if (store == QLatin1String("file"))
        options.backend = TokenStore::Backend::File;
    else if (!store.isEmpty() && store != QLatin1String("auto"))
        options.error = QStringLiteral("--token-store must be auto, keychain or file");
    if (line.isSet(kScope)) {
        options.scope = line.value(kScope).trimmed();
        if (options.error.isEmpty())
            options.error = scopeProblem(options.scope, cwd, home);
        if (options.scope == QLatin1String("project"))
            options.notes.append(QStringLiteral("Scope project: the endpoint, the token and the hooks are per user in either scope, "
                                                "as teamai-cli keeps them with --http; each resource still goes where its command's scope says."));
    }
    options.toolsGiven = line.isSet(kTool);
    if (options.toolsGiven && options.error.isEmpty())
        options.tools = toolsFrom(line.values(kTool), &options.error);
    return options;
}

} // namespace teamai::cli
