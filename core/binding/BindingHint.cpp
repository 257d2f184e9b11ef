#include "binding/BindingHint.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

namespace teamai::binding::hint {
namespace {

QByteArray hookOutput(const QString &eventName, const QString &context)
{
    const QJsonObject output{{QStringLiteral("hookSpecificOutput"),
                              QJsonObject{{QStringLiteral("hookEventName"), eventName},
                                          {QStringLiteral("additionalContext"), context}}}};
    return QJsonDocument(output).toJson(QJsonDocument::Compact) + '\n';
}

} // namespace

QByteArray sessionStart(const QList<Project> &projects)
{
    QStringList listed;
    for (const Project &project : projects)
        listed << QStringLiteral("%1 (id %2)").arg(project.name, project.idText());
    const QStringList lines{
        QStringLiteral("[teamai] This workspace is not bound to a TeamAI project, so the project's skills, rules "
                       "and CLAUDE.md blocks cannot reach it."),
        QStringLiteral("Projects you can bind it to: %1").arg(listed.join(QStringLiteral(", "))),
        QStringLiteral("Suggest that the user runs: teamai bind-project"),
        QStringLiteral("or names the project: teamai bind-project --project-id <id>"),
    };
    return hookOutput(QStringLiteral("SessionStart"), lines.join(u'\n'));
}

QByteArray promptSubmit(const QList<Project> &projects)
{
    const qsizetype skipNumber = projects.size() + 1;
    QStringList lines{
        QStringLiteral("[TeamAI project binding] Show the user the numbered list below exactly as it is, without "
                       "renumbering or rewording it. When the user answers with a number, run the matching command."),
        QString(),
        QStringLiteral("---"),
        QStringLiteral("This workspace is not bound to a TeamAI project. Once bound it receives the team's skills "
                       "and rules. Answer with a number:"),
        QString(),
    };
    for (qsizetype i = 0; i < projects.size(); ++i)
        lines << QStringLiteral("%1. Bind it to the project \"%2\"").arg(i + 1).arg(projects.at(i).name);
    lines << QStringLiteral("%1. Do not bind it, and do not ask again").arg(skipNumber) << QStringLiteral("---") << QString()
          << QStringLiteral("What to do (do not show this part to the user):");
    for (qsizetype i = 0; i < projects.size(); ++i) {
        lines << QStringLiteral("- answer %1: run `teamai bind-project --project-id %2`, then reply \"Bound. Start a new "
                                "session for it to take effect.\"")
                     .arg(i + 1)
                     .arg(projects.at(i).idText());
    }
    lines << QStringLiteral("- answer %1: run `teamai bind-project --skip`, then reply \"Skipped. You will not be asked "
                            "again for this workspace.\"")
                 .arg(skipNumber);
    return hookOutput(QStringLiteral("UserPromptSubmit"), lines.join(u'\n'));
}

} // namespace teamai::binding::hint
