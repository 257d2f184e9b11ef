#include "store/LedgerRetention.h"

#include "log/Logging.h"
#include "store/GroupMerge.h"
#include "store/LedgerCodes.h"
#include "store/LedgerDatabase.h"
#include "store/SqliteQuery.h"

#include <algorithm>
#include <limits>

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
    const Result<QList<groupmerge::Group>> groups = groupmerge::groupsOf(db, plain);
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

Status run(SqliteQuery &q, const char *what)
{
    if (const Status done = q.exec(); !done)
        return Error{QStringLiteral("ledger %1 failed: %2").arg(QLatin1String(what), done.error())};
    return {};
}

} // namespace

LedgerRetention::LedgerRetention(LedgerDatabase &database)
    : m_database(database)
{
}

Result<QList<LedgerRetention::Victim>> LedgerRetention::collect(const QString &where, const QVariantList &values, int limit)
{
    SqliteQuery q(m_database.db());
    (void)q.prepare(oldestFirst(m_database.db(), where) + QStringLiteral(" LIMIT ?"));  // a failure shows in exec()
    for (const QVariant &value : values)
        q.addBindValue(value);
    q.addBindValue(limit);
    if (const Status scanned = run(q, "retention scan"); !scanned)
        return Error{scanned.error()};
    QList<Victim> victims;
    while (q.next())
        victims.append({q.value(0).toLongLong(), q.value(1).toLongLong()});
    q.finish();
    return victims;
}

Result<int> LedgerRetention::remove(const QList<Victim> &victims)
{
    SqliteQuery begin(m_database.db());
    if (const Status began = begin.exec(QStringLiteral("BEGIN IMMEDIATE")); !began)
        return Error{QStringLiteral("ledger retention: %1").arg(began.error())};
    SqliteQuery check(m_database.db());
    // Re-checked under the write lock: a row re-sent and re-queued meanwhile is kept.
    (void)check.prepare(QStringLiteral("SELECT 1 FROM commands c WHERE c.row_id = ? AND %1").arg(kPrunable));
    SqliteQuery attempts(m_database.db());
    // By command id first (indexed), then exactly this row's acks.
    (void)attempts.prepare(QStringLiteral("DELETE FROM ack_attempts WHERE command_id = ? "
                                          "AND ack_id IN (SELECT ack_id FROM acks WHERE command_row = ?)"));
    SqliteQuery acks(m_database.db());
    (void)acks.prepare(QStringLiteral("DELETE FROM acks WHERE command_row = ?"));
    SqliteQuery commands(m_database.db());
    (void)commands.prepare(QStringLiteral("DELETE FROM commands WHERE row_id = ?"));
    Status deleted;
    int count = 0;
    for (const Victim &victim : victims) {
        check.addBindValue(victim.rowId);
        if (!(deleted = run(check, "retention check")))
            break;
        const bool prunable = check.next();
        check.finish();
        if (!prunable)
            continue;
        attempts.addBindValue(victim.commandId);
        attempts.addBindValue(victim.rowId);
        acks.addBindValue(victim.rowId);
        commands.addBindValue(victim.rowId);
        if (!(deleted = run(attempts, "retention delete attempts")) || !(deleted = run(acks, "retention delete acks"))
            || !(deleted = run(commands, "retention delete")))
            break;
        ++count;
    }
    SqliteQuery end(m_database.db());
    if (deleted) {
        if (const Status committed = end.exec(QStringLiteral("COMMIT")); !committed)
            deleted = Error{QStringLiteral("ledger retention commit failed: %1").arg(committed.error())};
    }
    if (!deleted) {
        SqliteQuery rollback(m_database.db());
        (void)rollback.exec(QStringLiteral("ROLLBACK"));  // SQLite may have rolled back already
        return Error{deleted.error()};
    }
    return count;
}

Result<qint64> LedgerRetention::commandCount()
{
    SqliteQuery q(m_database.db());
    (void)q.prepare(QStringLiteral("SELECT COUNT(*) FROM commands"));
    if (const Status counted = run(q, "retention count"); !counted)
        return Error{counted.error()};
    if (!q.next())
        return Error{QStringLiteral("ledger retention count failed: no row")};
    const qint64 count = q.value(0).toLongLong();
    q.finish();
    return count;
}

LedgerRetention::Pruned LedgerRetention::prune(const RetentionPolicy &policy, const QDateTime &now)
{
    // remove() deletes children before parents, so the foreign keys hold without SQLite checking
    // them; and it must not: ack_attempts has no index on ack_id, so checking each deleted ack
    // scans every attempt (50,000 acks × 150,000 attempts took minutes).
    SqliteQuery keys(m_database.db());
    const bool keysWereOn = keys.exec(QStringLiteral("PRAGMA foreign_keys")) && keys.next() && keys.value(0).toInt() == 1;
    keys.finish();
    // A pragma that does not take only makes the deletes slower; the prune itself says what failed.
    (void)SqliteQuery(m_database.db()).exec(QStringLiteral("PRAGMA foreign_keys = OFF"));
    const Pruned result = pruneRows(policy, now);
    if (keysWereOn)
        (void)SqliteQuery(m_database.db()).exec(QStringLiteral("PRAGMA foreign_keys = ON"));
    return result;
}

void LedgerRetention::pruneWhere(const QString &where, const QVariantList &values, qint64 limit, Pruned &result)
{
    while (result.ok() && limit > 0) {
        const Result<QList<Victim>> victims = collect(where, values, int(std::min<qint64>(limit, kPruneBatch)));
        if (!victims) {
            result.error = victims.error();
            return;
        }
        if (victims->isEmpty())
            return;
        const Result<int> removed = remove(*victims);
        if (!removed) {
            result.error = removed.error();
            return;
        }
        result.pruned += *removed;
        limit -= *removed;
    }
}

LedgerRetention::Pruned LedgerRetention::pruneRows(const RetentionPolicy &policy, const QDateTime &now)
{
    Pruned result;
    const qint64 cutoff = now.toMSecsSinceEpoch() - qint64(std::max(1, policy.maxAgeDays)) * kDayMs;
    // The cutoff is in the text, not bound: the merged statement repeats the condition per group.
    pruneWhere(QStringLiteral("c.received_at < %1 AND c.received_at + COALESCE(c.finished_after, 0) < %1").arg(cutoff), {},
               std::numeric_limits<qint64>::max(), result);
    if (result.ok()) {
        const Result<qint64> count = commandCount();
        if (count)
            pruneWhere(QStringLiteral("1"), {}, *count - std::max<qint64>(1, policy.maxCommands), result);
        else
            result.error = count.error();
    }
    if (!result.ok())
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
    (void)q.prepare(QStringLiteral("SELECT value FROM meta WHERE key = ?"));
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
    // The span of row ids bounds the row count from above without counting (two look-ups in
    // the primary key; MAX and MIN in one SELECT would scan the table instead).
    SqliteQuery bounds(m_database.db());
    (void)bounds.prepare(QStringLiteral("SELECT (SELECT MAX(row_id) FROM commands) - (SELECT MIN(row_id) FROM commands) + 1"));
    const qint64 span = bounds.exec() && bounds.next() ? bounds.value(0).toLongLong() : 0;  // NULL (no rows) reads as 0
    bounds.finish();
    if (span > policy.maxCommands)
        return true;
    if (span == 0)
        return false;
    // The oldest prunable row: a seek into each (state, type, agent) range of the grouped index.
    SqliteQuery old(m_database.db());
    (void)old.prepare(oldestFirst(m_database.db(), QStringLiteral("c.received_at < %1").arg(cutoff)) + QStringLiteral(" LIMIT 1"));
    const bool found = old.exec() && old.next();
    old.finish();
    return found;
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
    (void)q.prepare(QStringLiteral("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value"));
    q.addBindValue(kLastPruneKey);
    q.addBindValue(QString::number(now.toMSecsSinceEpoch()));
    if (const Status recorded = q.exec(); !recorded)
        qCWarning(lcStore).noquote() << "cannot record the ledger prune:" << recorded.error();
}

} // namespace teamai
