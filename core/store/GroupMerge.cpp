#include "store/GroupMerge.h"

#include "store/SqliteQuery.h"

namespace teamai::groupmerge {

namespace {

// The group after @p last: the next agent of its (state, type), else the first of the next type of
// its state, else the first of the next state — each an equality prefix and a range on the next
// column, so one seek. (A row-value range `(state, type, agent) > (?, ?, ?)` is not: SQLite seeks
// on its first column only and scanned every row of a state.) Nothing after the last group.
Result<std::optional<Group>> nextGroup(SqliteQuery *steps, const Group &last)
{
    const QVariantList keys[3] = {{last.state, last.type, last.agent}, {last.state, last.type}, {last.state}};
    for (int i = 0; i < 3; ++i) {
        for (const QVariant &key : keys[i])
            steps[i].addBindValue(key);
        if (const Status read = steps[i].exec(); !read)
            return Error{read.error()};
        if (steps[i].next()) {
            const Group group{steps[i].value(0).toLongLong(), steps[i].value(1).toLongLong(), steps[i].value(2).toLongLong()};
            steps[i].finish();
            return std::optional<Group>(group);
        }
    }
    return std::optional<Group>();
}

} // namespace

Result<QList<Group>> groupsOf(sqlite3 *db, const GroupedTable &table)
{
    const QString all = table.columns.join(QStringLiteral(", "));
    const QString &state = table.columns.at(0);
    const QString &type = table.columns.at(1);
    const QString &agent = table.columns.at(2);
    SqliteQuery steps[3] = {SqliteQuery(db), SqliteQuery(db), SqliteQuery(db)};
    const QString select = QStringLiteral("SELECT %1 FROM %2 WHERE ").arg(all, table.table);
    // A statement that does not compile fails its first exec(), in nextGroup().
    (void)steps[0].prepare(select + QStringLiteral("%1 = ? AND %2 = ? AND %3 > ? ORDER BY %3 LIMIT 1").arg(state, type, agent));
    (void)steps[1].prepare(select + QStringLiteral("%1 = ? AND %2 > ? ORDER BY %2, %3 LIMIT 1").arg(state, type, agent));
    (void)steps[2].prepare(select + QStringLiteral("%1 > ? ORDER BY %2 LIMIT 1").arg(state, all));
    QList<Group> groups;
    Group last{-1000, -1000, -1000};  // below every code and id
    for (;;) {
        const Result<std::optional<Group>> next = nextGroup(steps, last);
        if (!next)
            return Error{next.error()};
        if (!*next)
            return groups;
        last = **next;
        groups.append(last);
    }
}

QString groupCondition(const GroupedTable &table, const Group &group)
{
    return QStringLiteral("%1 = %2 AND %3 = %4 AND %5 = %6")
        .arg(table.columns.at(0)).arg(group.state).arg(table.columns.at(1)).arg(group.type).arg(table.columns.at(2)).arg(group.agent);
}

QString mergedSql(const QList<Group> &groups, const GroupedTable &table, const std::function<QString(const Group &)> &select,
                  const std::function<QString(const Group &)> &where, const QString &orderBy)
{
    if (groups.isEmpty() || groups.size() > kMaxArms)
        return {};
    QStringList arms;
    arms.reserve(groups.size());
    for (const Group &group : groups) {
        const QString extra = where ? where(group) : QString();
        arms << QStringLiteral("SELECT %1 FROM %2 WHERE %3%4")
                    .arg(select(group), table.table, groupCondition(table, group), extra.isEmpty() ? QString() : QStringLiteral(" AND ") + extra);
    }
    return arms.join(QStringLiteral(" UNION ALL ")) + QStringLiteral(" ORDER BY ") + orderBy;
}

} // namespace teamai::groupmerge
