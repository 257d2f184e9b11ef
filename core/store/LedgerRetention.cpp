#include "store/LedgerRetention.h"

#include "log/Logging.h"
#include "store/GroupMerge.h"
#include "store/LedgerCodes.h"
#include "store/LedgerDatabase.h"
#include "store/SqliteQuery.h"

#include <algorithm>

namespace teamai {
namespace {

// Rows deleted per transaction: a hook waiting for the write lock waits for one batch only.
constexpr int kPruneBatch = 1000;
constexpr qint64 kDayMs = 24LL * 60 * 60 * 1000;
const QString kLastPruneKey = QStringLiteral("retention.last_prune_at");

// A finished row whose every ack was delivered: the only kind retention may remove.
const QString kPrunable = QStringLiteral(
    "c.state IN (%1) AND NOT EXISTS (SELECT 1 FROM acks a WHERE a.command_row = c.row_id AND a.delivered_after IS NULL)")
    .arg(QStringList{QString::number(ledgercodes::code(ledgercodes::Column::State, QStringLiteral("failed"))),
                     QString::number(ledgercodes::code(ledgercodes::Column::State, QStringLiteral("interrupted"))),
                     QString::number(ledgercodes::code(ledgercodes::Column::State, QStringLiteral("rejected"))),
                     QString::number(ledgercodes::code(ledgercodes::Column::State, QStringLiteral("skipped"))),
                     QString::number(ledgercodes::code(ledgercodes::Column::State, QStringLiteral("succeeded")))}
             .join(u','));

const groupmerge::GroupedTable kCommandGroups{QStringLiteral("commands c"),
                                              {QStringLiteral("c.state"), QStringLiteral("c.type"), QStringLiteral("c.agent")},
                                              QStringLiteral("c.received_at"), QStringLiteral("c.row_id")};

// The oldest prunable rows matching @p where, as a merge of the groups' index ranges (oldest
// first, so the scan stops at the limit instead of sorting the table).
QString oldestFirst(sqlite3 *db, const QString &where)
{
    const groupmerge::GroupedTable plain{QStringLiteral("commands"), {QStringLiteral("state"), QStringLiteral("type"), QStringLiteral("agent")},
                                         QStringLiteral("received_at"), QStringLiteral("row_id")};
    const std::optional<QList<groupmerge::Group>> groups = groupmerge::groupsOf(db, plain);
    const QString condition = where + QStringLiteral(" AND ") + kPrunable;
    QString sql = groups ? groupmerge::mergedSql(*groups, kCommandGroups,
                                                 [](const groupmerge::Group &) { return QStringLiteral("c.row_id AS row_id, c.command_id AS command_id, c.received_at AS received_at"); },
                                                 [&](const groupmerge::Group &) { return condition; }, QStringLiteral("received_at, row_id"))
                         : QString();
    if (sql.isEmpty())  // no rows, too many groups, or the index could not be read: one query
        sql = QStringLiteral("SELECT c.row_id AS row_id, c.command_id AS command_id, c.received_at AS received_at FROM commands c "
                             "WHERE %1 ORDER BY received_at, row_id").arg(condition);
    return sql;
}

bool run(SqliteQuery &q, const char *what, QString *error)
{
    if (q.exec())
        return true;
    *error = QStringLiteral("ledger %1 failed: %2").arg(QLatin1String(what), q.lastError());
    return false;
}

} // namespace

LedgerRetention::LedgerRetention(LedgerDatabase &database)
    : m_database(database)
{
}

bool LedgerRetention::collect(const QString &where, const QVariantList &values, int limit, QList<Victim> *victims,
                              QString *error)
{
    SqliteQuery q(m_database.db());
    q.prepare(oldestFirst(m_database.db(), where) + QStringLiteral(" LIMIT ?"));
    for (const QVariant &value : values)
        q.addBindValue(value);
    q.addBindValue(limit);
    if (!run(q, "retention scan", error))
        return false;
    while (q.next())
        victims->append({q.value(0).toLongLong(), q.value(1).toLongLong()});
    q.finish();
    return true;
}

bool LedgerRetention::remove(const QList<Victim> &victims, int *removed, QString *error)
{
    SqliteQuery begin(m_database.db());
    if (!begin.exec(QStringLiteral("BEGIN IMMEDIATE"))) {
        *error = QStringLiteral("ledger retention: %1").arg(begin.lastError());
        return false;
    }
    SqliteQuery check(m_database.db());
    // Re-checked under the write lock: a row re-sent and re-queued meanwhile is kept.
    check.prepare(QStringLiteral("SELECT 1 FROM commands c WHERE c.row_id = ? AND %1").arg(kPrunable));
    SqliteQuery attempts(m_database.db());
    // By command id first (indexed), then exactly this row's acks.
    attempts.prepare(QStringLiteral("DELETE FROM ack_attempts WHERE command_id = ? "
                                    "AND ack_id IN (SELECT ack_id FROM acks WHERE command_row = ?)"));
    SqliteQuery acks(m_database.db());
    acks.prepare(QStringLiteral("DELETE FROM acks WHERE command_row = ?"));
    SqliteQuery commands(m_database.db());
    commands.prepare(QStringLiteral("DELETE FROM commands WHERE row_id = ?"));
    bool ok = true;
    int count = 0;
    for (const Victim &victim : victims) {
        check.addBindValue(victim.rowId);
        if (!(ok = run(check, "retention check", error)))
            break;
        const bool prunable = check.next();
        check.finish();
        if (!prunable)
            continue;
        attempts.addBindValue(victim.commandId);
        attempts.addBindValue(victim.rowId);
        acks.addBindValue(victim.rowId);
        commands.addBindValue(victim.rowId);
        if (!(ok = run(attempts, "retention delete attempts", error) && run(acks, "retention delete acks", error)
                   && run(commands, "retention delete", error)))
            break;
        ++count;
    }
    SqliteQuery end(m_database.db());
    if (!ok || !end.exec(ok ? QStringLiteral("COMMIT") : QStringLiteral("ROLLBACK"))) {
        if (ok)
            *error = QStringLiteral("ledger retention commit failed: %1").arg(end.lastError());
        SqliteQuery rollback(m_database.db());
        rollback.exec(QStringLiteral("ROLLBACK"));
        return false;
    }
    *removed += count;
    return true;
}

qint64 LedgerRetention::commandCount(QString *error)
{
    SqliteQuery q(m_database.db());
    q.prepare(QStringLiteral("SELECT COUNT(*) FROM commands"));
    if (!run(q, "retention count", error) || !q.next())
        return -1;
    const qint64 count = q.value(0).toLongLong();
    q.finish();
    return count;
}

LedgerRetention::Result LedgerRetention::prune(const RetentionPolicy &policy, const QDateTime &now)
{
    // remove() deletes children before parents, so the foreign keys hold without SQLite checking
    // them; and it must not: ack_attempts has no index on ack_id, so checking each deleted ack
    // scans every attempt (50,000 acks × 150,000 attempts took minutes).
    SqliteQuery keys(m_database.db());
    const bool keysWereOn = keys.exec(QStringLiteral("PRAGMA foreign_keys")) && keys.next() && keys.value(0).toInt() == 1;
    keys.finish();
    SqliteQuery(m_database.db()).exec(QStringLiteral("PRAGMA foreign_keys = OFF"));
    const Result result = pruneRows(policy, now);
    if (keysWereOn)
        SqliteQuery(m_database.db()).exec(QStringLiteral("PRAGMA foreign_keys = ON"));
    return result;
}

LedgerRetention::Result LedgerRetention::pruneRows(const RetentionPolicy &policy, const QDateTime &now)
{
    Result result;
    const qint64 cutoff = now.toMSecsSinceEpoch() - qint64(std::max(1, policy.maxAgeDays)) * kDayMs;
    for (;;) {
        QList<Victim> victims;
        if (!collect(QStringLiteral("c.received_at < %1 AND c.received_at + COALESCE(c.finished_after, 0) < %1").arg(cutoff), {},
                     kPruneBatch, &victims, &result.error)
            || victims.isEmpty() || !remove(victims, &result.pruned, &result.error))
            break;
    }
    for (qint64 excess = commandCount(&result.error) - std::max<qint64>(1, policy.maxCommands);
         result.error.isEmpty() && excess > 0;) {
        QList<Victim> victims;
        const int before = result.pruned;
        if (!collect(QStringLiteral("1"), {}, int(std::min<qint64>(excess, kPruneBatch)), &victims, &result.error)
            || victims.isEmpty() || !remove(victims, &result.pruned, &result.error))
            break;
        excess -= result.pruned - before;
    }
    if (!result.error.isEmpty())
        qCWarning(lcStore).noquote() << result.error;
    else
        recordPrune(now);
    if (result.pruned > 0) {
        qCInfo(lcStore) << "retention pruned" << result.pruned << "finished command(s) from the ledger";
        giveBackFreePages();
    }
    return result;
}

bool LedgerRetention::isDue(const RetentionPolicy &policy, const QDateTime &now)
{
    return !prunedWithinADay(now) && mayHaveWork(policy, now);
}

bool LedgerRetention::prunedWithinADay(const QDateTime &now)
{
    SqliteQuery q(m_database.db());
    q.prepare(QStringLiteral("SELECT value FROM meta WHERE key = ?"));
    q.addBindValue(kLastPruneKey);
    if (!q.exec() || !q.next())
        return false;
    const qint64 elapsed = now.toMSecsSinceEpoch() - q.value(0).toString().toLongLong();
    q.finish();
    return elapsed >= 0 && elapsed < kDayMs;  // a clock set back counts as due
}

bool LedgerRetention::mayHaveWork(const RetentionPolicy &policy, const QDateTime &now)
{
    const qint64 cutoff = now.toMSecsSinceEpoch() - qint64(std::max(1, policy.maxAgeDays)) * kDayMs;
    SqliteQuery old(m_database.db());
    old.prepare(oldestFirst(m_database.db(), QStringLiteral("c.received_at < %1").arg(cutoff)) + QStringLiteral(" LIMIT 1"));
    if (old.exec() && old.next())
        return true;
    old.finish();
    // The span of row ids bounds the row count from above, without counting.
    SqliteQuery span(m_database.db());
    span.prepare(QStringLiteral("SELECT COALESCE(MAX(row_id) - MIN(row_id) + 1, 0) FROM commands"));
    const bool overCap = span.exec() && span.next() && span.value(0).toLongLong() > policy.maxCommands;
    span.finish();
    return overCap;
}

void LedgerRetention::giveBackFreePages()
{
    // A ledger made (or migrated) by schema 4 uses incremental auto-vacuum: the pages the prune
    // freed go back to the file system, so the file shrinks to the history it keeps. In short
    // steps, so a waiting hook waits for one step only. An older ledger ignores the pragma.
    SqliteQuery free(m_database.db());
    for (int step = 0; step < 1000; ++step) {
        if (!free.exec(QStringLiteral("PRAGMA freelist_count")) || !free.next() || free.value(0).toLongLong() == 0)
            return;
        free.finish();
        SqliteQuery vacuum(m_database.db());
        if (!vacuum.exec(QStringLiteral("PRAGMA incremental_vacuum(2048)")))
            return;
        while (vacuum.next()) {
        }
    }
}

void LedgerRetention::recordPrune(const QDateTime &now)
{
    SqliteQuery q(m_database.db());
    q.prepare(QStringLiteral("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value"));
    q.addBindValue(kLastPruneKey);
    q.addBindValue(QString::number(now.toMSecsSinceEpoch()));
    if (!q.exec())
        qCWarning(lcStore).noquote() << "cannot record the ledger prune:" << q.lastError();
}

} // namespace teamai
