#pragma once

#include "util/Result.h"

#include <QByteArray>
#include <QHash>
#include <QString>
#include <QVariant>

#include <optional>

struct sqlite3;

namespace teamai {

/// @brief The ledger's `names` table (schema 4): each agent type, command type and local agent id
/// is stored once and rows hold its small id. For a command type, the table also keeps the
/// dictionary its commands' JSON is packed with (textpacking::pack): the first JSON stored for
/// that type, set once and never changed, so every packed row can always be unpacked.
///
/// Ids and dictionaries never change once committed, so they are cached for the connection —
/// but only values read outside a transaction: one made inside a transaction that is then rolled
/// back would name nothing, or another process's name.
class LedgerNames
{
public:
    /// @brief What a filter compares ids with for a name the ledger never stored: no id and no
    /// code (store/LedgerCodes), so it matches nothing.
    static constexpr qint64 kUnknown = -3;

    explicit LedgerNames(sqlite3 *db);

    /// @brief The id of @p name when it is in the table, nothing when it is not; fails when the
    /// database did.
    Result<std::optional<qint64>> find(const QString &name);
    /// @brief The id of @p name for a filter: find()'s, or kUnknown when it is not in the table.
    Result<qint64> filterId(const QString &name);
    /// @brief The id of @p name, added to the table when new.
    Result<qint64> intern(const QString &name);
    /// @brief The packing dictionary of command type @p typeId: @p proposal becomes it when the
    /// type has none yet.
    Result<QByteArray> dictionary(qint64 typeId, const QByteArray &proposal);

    /// @brief The SQL giving the name of the id in @p expression.
    static QString nameSql(const QString &expression);

private:
    bool committed() const;
    /// The first column of the first row @p sql selects with @p key bound; nothing when it
    /// selects no row.
    Result<std::optional<QVariant>> selectValue(const QString &sql, const QVariant &key) const;

    sqlite3 *m_db;
    QHash<QString, qint64> m_ids;
    QHash<qint64, QByteArray> m_dictionaries;
};

} // namespace teamai
