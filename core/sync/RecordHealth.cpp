#include "sync/RecordHealth.h"

#include "agenthooks/AgentHookRegistry.h"
#include "config/AgentConfig.h"
#include "config/AgentSettings.h"
#include "log/Logging.h"
#include "resources/Manifest.h"

#include <QMutex>
#include <QSet>

namespace teamai::records {
namespace {

std::optional<BrokenRecord> broken(const QString &file, const QString &error, const QString &advice)
{
    if (error.isEmpty())
        return std::nullopt;
    BrokenRecord record{file, error, advice};
    // The readers' errors start with the path already; keep the sentence from naming it twice.
    if (record.reason.startsWith(file + QStringLiteral(": ")))
        record.reason = record.reason.mid(file.size() + 2);
    return record;
}

} // namespace

QString BrokenRecord::sentence() const
{
    return QStringLiteral("%1 is damaged (%2). %3").arg(file, reason, advice);
}

std::optional<BrokenRecord> brokenManifest()
{
    return broken(Manifest::defaultPath(), Manifest::load().error,
                  QStringLiteral("TeamAI cannot tell which skills, rules and CLAUDE.md blocks it installed, so it changes none "
                                 "of them: restore the file from a backup, or delete it (what TeamAI installed then counts as "
                                 "your own and is never removed by TeamAI)."));
}

std::optional<BrokenRecord> brokenSettings()
{
    return broken(AgentSettings::defaultPath(), AgentSettings::load().error,
                  QStringLiteral("TeamAI cannot tell where its token is or how you set the remote-command switch: delete the "
                                 "file and run `teamai init --http <backend URL> --token <token>` again."));
}

std::optional<BrokenRecord> brokenHookRules()
{
    return broken(agenthooks::AgentHookRegistry::defaultPath(), agenthooks::AgentHookRegistry::load().error,
                  QStringLiteral("TeamAI cannot tell which agent hook rules it installed, so it changes none of them: restore "
                                 "the file from a backup, or delete it and remove the hooks tagged `_teamai` from the agents' "
                                 "settings files by hand."));
}

std::optional<BrokenRecord> brokenConfig()
{
    return broken(AgentConfig::defaultPath(), AgentConfig::load().error,
                  QStringLiteral("TeamAI cannot tell which backend to talk to: run `teamai init --http <backend URL> --token "
                                 "<token>` again (it rewrites the file)."));
}

QList<BrokenRecord> check()
{
    QList<BrokenRecord> found;
    for (const auto &record : {brokenConfig(), brokenSettings(), brokenManifest(), brokenHookRules()}) {
        if (record)
            found.append(*record);
    }
    return found;
}

void logOnce(const BrokenRecord &record)
{
    static QMutex mutex;
    static QSet<QString> logged;
    {
        const QMutexLocker lock(&mutex);
        if (logged.contains(record.file))
            return;
        logged.insert(record.file);
    }
    qCWarning(lcConfig).noquote() << record.sentence();
}

} // namespace teamai::records
