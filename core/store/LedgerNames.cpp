#include "store/LedgerNames.h"

#include "store/SqliteQuery.h"

#include <sqlite3.h>

namespace teamai {

LedgerNames::LedgerNames(sqlite3 *db)
    : m_db(db)
{
}

bool LedgerNames::committed() const
{
    return sqlite3_get_autocommit(m_db) != 0;
}

QString LedgerNames::nameSql(const QString &expression)
{
    return QStringLiteral("(SELECT name FROM names WHERE name_id = %1)").arg(expression);
}

std::optional<qint64> LedgerNames::find(const QString &name)
{
    const QString key = name.isNull() ? QStringLiteral("") : name;
    if (const auto it = m_ids.constFind(key); it != m_ids.cend())
        return *it;
    SqliteQuery q(m_db);
    q.prepare(QStringLiteral("SELECT name_id FROM names WHERE name = ?"));
    q.addBindValue(key);
    if (!q.exec() || !q.next())
        return std::nullopt;
    const qint64 id = q.value(0).toLongLong();
    if (committed())
        m_ids.insert(key, id);
    return id;
}

std::optional<qint64> LedgerNames::intern(const QString &name)
{
    if (const std::optional<qint64> known = find(name))
        return known;
    SqliteQuery insert(m_db);
    insert.prepare(QStringLiteral("INSERT OR IGNORE INTO names (name) VALUES (?)"));
    insert.addBindValue(name.isNull() ? QStringLiteral("") : name);
    if (!insert.exec())
        return std::nullopt;
    return find(name);
}

QByteArray LedgerNames::dictionary(qint64 typeId, const QByteArray &proposal)
{
    if (const auto it = m_dictionaries.constFind(typeId); it != m_dictionaries.cend())
        return *it;
    // First come, first kept: another process may have set it since; read back what won.
    SqliteQuery set(m_db);
    set.prepare(QStringLiteral("UPDATE names SET dict = ? WHERE name_id = ? AND dict IS NULL"));
    set.addBindValue(proposal);
    set.addBindValue(typeId);
    SqliteQuery read(m_db);
    read.prepare(QStringLiteral("SELECT dict FROM names WHERE name_id = ?"));
    read.addBindValue(typeId);
    if (!set.exec() || !read.exec() || !read.next())
        return {};
    const QByteArray dictionary = read.value(0).toByteArray();
    if (committed() && !dictionary.isEmpty())
        m_dictionaries.insert(typeId, dictionary);
    return dictionary;
}

} // namespace teamai
