#include "cli/BindProjectCommand.h"

#include "binding/BindingStore.h"
#include "binding/ProjectList.h"
#include "binding/ProjectSource.h"
#include "binding/WorkspaceBinder.h"
#include "binding/WorkspacePaths.h"
#include "cli/CommandLine.h"
#include "cli/Console.h"

#include <QDir>
#include <QTextStream>

#include <algorithm>
#include <cstdio>

namespace teamai::cli {
namespace {

const QString kProjectId = QStringLiteral("project-id");
const QString kSkip = QStringLiteral("skip");

/// An id as the backend spells them: digits, or letters, digits, `-`, `_` and `.`.
bool looksLikeProjectId(const QString &id)
{
    if (id.isEmpty() || id.size() > 64 || id == QLatin1String("0"))
        return false;
    return std::all_of(id.begin(), id.end(), [](QChar c) {
        const char16_t u = c.unicode();
        return (u >= u'a' && u <= u'z') || (u >= u'A' && u <= u'Z') || (u >= u'0' && u <= u'9') || u == u'-' || u == u'_'
            || u == u'.';
    });
}

QString projectLine(const binding::Project &project)
{
    const QString description = project.description.isEmpty() ? QString() : QStringLiteral(" — ") + project.description;
    return QStringLiteral("%1%2 [id %3]").arg(project.name, description, project.idText());
}

QString listing(const binding::ProjectList &list)
{
    QStringList lines;
    for (qsizetype i = 0; i < list.projects.size(); ++i)
        lines << QStringLiteral("  %1. %2").arg(i + 1).arg(projectLine(list.projects.at(i)));
    return lines.join(u'\n');
}

int reportBound(const binding::BindOutcome &outcome, const binding::Project &project)
{
    if (!outcome.ok) {
        printErr(QStringLiteral("teamai bind-project: %1").arg(outcome.error));
        return kExitFailure;
    }
    printOut(QStringLiteral("Bound %1 to the project \"%2\" (id %3).").arg(outcome.workspace, project.name, project.idText()));
    for (const QString &key : outcome.keys) {
        if (key != outcome.workspace)
            printOut(QStringLiteral("Also bound its main checkout %1, so its other worktrees follow.").arg(key));
    }
    printOut(QStringLiteral("Agents pick the project's resources up from their next session in it."));
    return kExitOk;
}

} // namespace

BindProjectCommand::BindProjectCommand()
    : CliCommand("bind-project", "Bind this workspace to one of your TeamAI projects")
{
}

int BindProjectCommand::run(const QStringList &arguments)
{
    CommandLine line({kProjectId}, {kSkip});
    if (const std::optional<int> stop = parseOrStop(line, arguments))
        return *stop;
    const QString projectId = line.value(kProjectId).trimmed();
    if (line.isSet(kSkip) && line.isSet(kProjectId))
        return usageError(name(), QStringLiteral("--skip and --project-id exclude each other"));
    if (line.isSet(kProjectId) && !looksLikeProjectId(projectId))
        return usageError(name(), QStringLiteral("`%1` is not a project id (the list of `teamai bind-project` shows them; "
                                                 "use --skip not to bind)").arg(projectId));
    const QString cwd = QDir::currentPath();
    if (binding::workspaceOf(cwd).isEmpty()) {
        printErr(QStringLiteral("teamai bind-project: %1 is a temporary WorkBuddy task folder; run it in the project folder").arg(cwd));
        return kExitFailure;
    }
    const binding::BindingStore::Outcome current = binding::BindingStore().read();
    if (!current.ok) {
        printErr(QStringLiteral("teamai bind-project: %1").arg(current.error));
        return kExitFailure;
    }
    if (line.isSet(kSkip))
        return skip(cwd);
    const binding::ProjectList list = binding::fetchProjects(current.config);
    if (!list.ok()) {
        printErr(QStringLiteral("teamai bind-project: cannot list your projects: %1").arg(list.error));
        return kExitFailure;
    }
    if (list.projects.isEmpty()) {
        printErr(QStringLiteral("teamai bind-project: the backend lists no project for you (GET /api/projects/mine); nothing was bound"));
        return kExitFailure;
    }
    return line.isSet(kProjectId) ? bindTo(cwd, projectId, list) : choose(cwd, list);
}

int BindProjectCommand::skip(const QString &cwd)
{
    const binding::BindOutcome outcome = binding::binder::skip(cwd);
    if (!outcome.ok) {
        printErr(QStringLiteral("teamai bind-project: %1").arg(outcome.error));
        return kExitFailure;
    }
    printOut(QStringLiteral("Skipped %1: it stays unbound and the hooks will not suggest binding it again.").arg(outcome.workspace));
    return kExitOk;
}

int BindProjectCommand::bindTo(const QString &cwd, const QString &projectId, const binding::ProjectList &list)
{
    const binding::Project *project = list.find(projectId);
    if (!project) {
        printErr(QStringLiteral("teamai bind-project: %1 is not one of your projects; nothing was bound. Yours are:\n%2")
                     .arg(projectId, listing(list)));
        return kExitFailure;
    }
    return reportBound(binding::binder::bind(cwd, *project), *project);
}

int BindProjectCommand::choose(const QString &cwd, const binding::ProjectList &list)
{
    if (!console::isInteractive()) {
        printErr(QStringLiteral("teamai bind-project: no --project-id given and no terminal to choose in; nothing was bound. "
                                "Your projects:\n%1\nRun `teamai bind-project --project-id ID`.")
                     .arg(listing(list)));
        return kExitFailure;
    }
    printOut(QStringLiteral("Your projects:\n%1").arg(listing(list)));
    std::fputs(QStringLiteral("Bind %1 to project number (1-%2, Enter or 0 to cancel): ")
                   .arg(binding::workspaceOf(cwd))
                   .arg(list.projects.size())
                   .toUtf8()
                   .constData(),
               stdout);
    std::fflush(stdout);
    QTextStream in(stdin);
    const QString answer = in.readLine().trimmed();
    if (answer.isEmpty() || answer == QLatin1String("0")) {
        printOut(QStringLiteral("Nothing was bound."));
        return kExitOk;
    }
    bool ok = false;
    const int index = answer.toInt(&ok);
    if (!ok || index < 1 || index > list.projects.size()) {
        printErr(QStringLiteral("teamai bind-project: `%1` is not a number from 1 to %2; nothing was bound").arg(answer).arg(list.projects.size()));
        return kExitFailure;
    }
    const binding::Project &project = list.projects.at(index - 1);
    return reportBound(binding::binder::bind(cwd, project), project);
}

} // namespace teamai::cli
