#include "store/GroupMerge.h"

#include "store/SqliteQuery.h"

namespace teamai::groupmerge {

std::optional<QList<Group>> groupsOf(sqlite3 *db, const GroupedTable &table)
{
    const QString columns = table.columns.join(QStringLiteral(", "));
    SqliteQuery next(db);
    if (!next.prepare(QStringLiteral("SELECT %1 FROM %2 WHERE (%1) > (?, ?, ?) ORDER BY %1 LIMIT 1").arg(columns, table.table)))
        return std::nullopt;
    QList<Group> groups;
    Group last{-1000, -1000, -1000};  // below every code and id
    for (;;) {
        next.bindValue(0, last.state);
        next.bindValue(1, last.type);
        next.bindValue(2, last.agent);
        if (!next.exec())
            return std::nullopt;
        if (!next.next())
            break;
        last = Group{next.value(0).toLongLong(), next.value(1).toLongLong(), next.value(2).toLongLong()};
        next.finish();
        groups.append(last);
    }
    return groups;
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
