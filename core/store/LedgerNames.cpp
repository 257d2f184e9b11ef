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

Result<std::optional<QVariant>> LedgerNames::selectValue(const QString &sql, const QVariant &key) const
{
    SqliteQuery q(m_db);
    (void)q.prepare(sql);  // a failure shows in exec()
    q.addBindValue(key);
    if (const Status read = q.exec(); !read)
        return Error{read.error()};
    if (!q.next())
        return std::optional<QVariant>();
    return std::optional<QVariant>(q.value(0));
}

QString LedgerNames::nameSql(const QString &expression)
{
    return QStringLiteral("(SELECT name FROM names WHERE name_id = %1)").arg(expression);
}

Result<std::optional<qint64>> LedgerNames::find(const QString &name)
{
    const QString key = name.isNull() ? QStringLiteral("") : name;
    if (const auto it = m_ids.constFind(key); it != m_ids.cend())
        return std::optional<qint64>(*it);
    const Result<std::optional<QVariant>> found = selectValue(QStringLiteral("SELECT name_id FROM names WHERE name = ?"), key);
    if (!found)
        return Error{found.error()};
    if (!*found)
        return std::optional<qint64>();
    const qint64 id = (*found)->toLongLong();
    if (committed())
        m_ids.insert(key, id);
    return std::optional<qint64>(id);
}

Result<qint64> LedgerNames::filterId(const QString &name)
{
    const Result<std::optional<qint64>> id = find(name);
    if (!id)
        return Error{id.error()};
    return id->value_or(kUnknown);
}

Result<qint64> LedgerNames::intern(const QString &name)
{
    const Result<std::optional<qint64>> known = find(name);
    if (!known)
        return Error{known.error()};
    if (*known)
        return **known;
    SqliteQuery insert(m_db);
    (void)insert.prepare(QStringLiteral("INSERT OR IGNORE INTO names (name) VALUES (?)"));  // a failure shows in exec()
    insert.addBindValue(name.isNull() ? QStringLiteral("") : name);
    if (const Status stored = insert.exec(); !stored)
        return Error{stored.error()};
    const Result<std::optional<qint64>> added = find(name);
    if (!added)
        return Error{added.error()};
    if (!*added)
        return Error{QStringLiteral("the name just stored cannot be read back")};
    return **added;
}

Result<QByteArray> LedgerNames::dictionary(qint64 typeId, const QByteArray &proposal)
{
    if (const auto it = m_dictionaries.constFind(typeId); it != m_dictionaries.cend())
        return *it;
    // First come, first kept: another process may have set it since; read back what won.
    SqliteQuery set(m_db);
    (void)set.prepare(QStringLiteral("UPDATE names SET dict = ? WHERE name_id = ? AND dict IS NULL"));  // a failure shows in exec()
    set.addBindValue(proposal);
    set.addBindValue(typeId);
    if (const Status stored = set.exec(); !stored)
        return Error{stored.error()};
    const Result<std::optional<QVariant>> read = selectValue(QStringLiteral("SELECT dict FROM names WHERE name_id = ?"), typeId);
    if (!read)
        return Error{read.error()};
    if (!*read)
        return Error{QStringLiteral("no name has the id %1").arg(typeId)};
    const QByteArray dictionary = (*read)->toByteArray();
    if (committed() && !dictionary.isEmpty())
        m_dictionaries.insert(typeId, dictionary);
    return dictionary;
}

} // namespace teamai
