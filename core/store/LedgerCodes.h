#pragma once

#include <QString>
#include <QStringList>

namespace teamai::ledgercodes {

/// @brief The ledger's enumerated columns, stored as small integers (schema 4) instead of their
/// names: a code takes no byte (0, 1) or one in a row and in every index that holds it.
///
/// A code is its name's position in the column's names sorted alphabetically, so `ORDER BY code`
/// sorts exactly as `ORDER BY name` did; the empty name (an attempt row of schema 3 could hold
/// one) is -1, first as well. A name the column cannot hold has no code (kNoCode): a filter on it
/// matches nothing.
enum class Column {
    State,     ///< failed, interrupted, pending, rejected, running, skipped, succeeded
    Delivery,  ///< delivered, not_delivered, unknown
    Status,    ///< an ack's status: failed, success
};

constexpr int kEmptyCode = -1;
constexpr int kNoCode = -2;

/// @brief The names of @p column, in code order.
const QStringList &names(Column column);
/// @brief The code of @p name: its position in names(), kEmptyCode for "", kNoCode otherwise.
int code(Column column, const QString &name);
/// @brief The name of @p code; "" for kEmptyCode and anything unknown.
QString name(Column column, int code);

/// @brief SQL turning the code in @p expression into its name ('' when unknown), for SELECTs that
/// return names as schema 3 did.
QString nameSql(Column column, const QString &expression);
/// @brief SQL turning the name in @p expression into its code (-1 for '' and anything unknown):
/// what the migration from schema 3 stores.
QString codeSql(Column column, const QString &expression);

} // namespace teamai::ledgercodes
