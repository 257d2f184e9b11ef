#pragma once

#include "util/Result.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <functional>

struct sqlite3;

namespace teamai::groupmerge {

/// @brief The values of the three leading columns of a grouped index — (state, type, agent)
/// then the time: `commands_by_group`, `ack_attempts_by_group` (schema 4).
struct Group {
    qint64 state = 0;
    qint64 type = 0;
    qint64 agent = 0;
};

/// @brief A table with such an index.
struct GroupedTable {
    QString table;
    QStringList columns;  ///< the three group columns, in index order
    QString time;         ///< the index's last column
    QString id;           ///< the row id (the index's tie-break)
};

/// @brief At most this many groups are merged in one statement (SQLite allows 500 parts in a
/// compound SELECT); a filter matching more is read with one ordinary query, and a sort.
constexpr int kMaxArms = 400;

/// @brief Every group present in @p table, in index order, a seek or three each (a loose index
/// scan): a handful of states × types × agents, whatever the number of rows.
Result<QList<Group>> groupsOf(sqlite3 *db, const GroupedTable &table);

/// @brief The rows of @p groups in (time, id) order — newest first when @p descending — as one
/// compound SELECT: a part per group, `SELECT <select(group)> FROM <table> WHERE <group> AND
/// <where>`, each an index range already in that order, so SQLite merges the parts as it reads
/// them and stops at the LIMIT the caller appends; no row is sorted. @p orderBy names result columns of
/// @p select (the time and the id, and any constant the parts add). Empty when there are no
/// groups or more than kMaxArms (the caller then falls back).
QString mergedSql(const QList<Group> &groups, const GroupedTable &table, const std::function<QString(const Group &)> &select,
                  const std::function<QString(const Group &)> &where, const QString &orderBy);

/// @brief `a = x AND b = y AND c = z` for @p group.
QString groupCondition(const GroupedTable &table, const Group &group);

} // namespace teamai::groupmerge
