#include "store/SqliteQuery.h"

#include "log/Logging.h"
#include "util/AtomicFile.h"

#include <cerrno>

#include <QByteArray>

#include <sqlite3.h>

namespace teamai {
namespace {

int bind(sqlite3_stmt *statement, int position, const QVariant &value)
{
    if (value.isNull())
        return sqlite3_bind_null(statement, position);
    switch (value.typeId()) {
    case QMetaType::Bool:
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::Long:
    case QMetaType::LongLong:
    case QMetaType::Short:
    case QMetaType::Char:
        return sqlite3_bind_int64(statement, position, value.toLongLong());
    case QMetaType::ULong:
    case QMetaType::ULongLong:
        return sqlite3_bind_int64(statement, position, sqlite3_int64(value.toULongLong()));
    case QMetaType::Double:
    case QMetaType::Float:
        return sqlite3_bind_double(statement, position, value.toDouble());
    case QMetaType::QByteArray: {
        const QByteArray bytes = value.toByteArray();
        if (bytes.isNull())
            return sqlite3_bind_null(statement, position);
        return sqlite3_bind_blob64(statement, position, bytes.constData(), sqlite3_uint64(bytes.size()), SQLITE_TRANSIENT);
    }
    default: {
        const QString text = value.toString();
        if (text.isNull())
            return sqlite3_bind_null(statement, position);
        return sqlite3_bind_text16(statement, position, text.utf16(), int(text.size() * sizeof(char16_t)), SQLITE_TRANSIENT);
    }
    }
}

} // namespace

SqliteQuery::SqliteQuery(sqlite3 *db)
    : m_db(db)
{
}

SqliteQuery::~SqliteQuery()
{
    sqlite3_finalize(m_statement);
}

Error SqliteQuery::failure(int code) const
{
    // A full or failing disk in plain words: it is "cannot write now", not a damaged database.
    const int primary = code & 0xff;
    const int system = sqlite3_system_errno(m_db);
    if (primary == SQLITE_FULL || (primary == SQLITE_IOERR && system)) {
        const QString file = QString::fromUtf8(sqlite3_db_filename(m_db, "main"));
        return Error{QStringLiteral("%1 (SQLite error %2)").arg(atomicfile::writeError(primary == SQLITE_FULL ? ENOSPC : system, file)).arg(code)};
    }
    return Error{QStringLiteral("%1 (SQLite error %2)").arg(QString::fromUtf8(sqlite3_errmsg(m_db))).arg(code)};
}

Status SqliteQuery::prepare(const QString &sql)
{
    sqlite3_finalize(m_statement);
    m_statement = nullptr;
    m_bindings.clear();
    m_named.clear();
    m_rowPending = m_onRow = false;
    m_done = true;
    if (!m_db) {
        m_prepared = Error{QStringLiteral("the database is not open")};
        return m_prepared;
    }
    const QByteArray utf8 = sql.toUtf8();
    // PERSISTENT: the ledger keeps its statements for the life of the connection.
    const int code = sqlite3_prepare_v3(m_db, utf8.constData(), int(utf8.size()), SQLITE_PREPARE_PERSISTENT, &m_statement, nullptr);
    if (code != SQLITE_OK) {
        m_prepared = failure(code);
        sqlite3_finalize(m_statement);
        m_statement = nullptr;
        return m_prepared;
    }
    m_prepared = {};
    return m_prepared;
}

void SqliteQuery::addBindValue(const QVariant &value)
{
    m_bindings.append(value);
}

void SqliteQuery::bindValue(int index, const QVariant &value)
{
    while (m_bindings.size() <= index)
        m_bindings.append(QVariant());
    m_bindings[index] = value;
}

void SqliteQuery::bindValue(const QString &name, const QVariant &value)
{
    m_named.append({name, value});
}

Status SqliteQuery::exec()
{
    const QVariantList bindings = std::exchange(m_bindings, {});
    const QList<std::pair<QString, QVariant>> named = std::exchange(m_named, {});
    m_rowPending = m_onRow = false;
    m_done = true;
    m_changes = 0;
    if (!m_statement)  // why the prepare() before failed, or that there was nothing to prepare
        return m_prepared.ok() ? Status(Error{QStringLiteral("no statement was prepared")}) : m_prepared;
    sqlite3_reset(m_statement);
    sqlite3_clear_bindings(m_statement);
    for (int i = 0; i < bindings.size(); ++i) {
        if (const int code = bind(m_statement, i + 1, bindings.at(i)); code != SQLITE_OK)
            return failure(code);
    }
    for (const auto &[name, value] : named) {
        const int position = sqlite3_bind_parameter_index(m_statement, name.toUtf8().constData());
        if (position == 0)
            return Error{QStringLiteral("no parameter %1 in the statement").arg(name)};
        if (const int code = bind(m_statement, position, value); code != SQLITE_OK)
            return failure(code);
    }
    const int code = sqlite3_step(m_statement);
    if (code == SQLITE_ROW) {
        m_rowPending = true;
        m_done = false;
    } else if (code == SQLITE_DONE) {
        m_changes = sqlite3_changes(m_db);
        m_lastInsertId = sqlite3_last_insert_rowid(m_db);
        sqlite3_reset(m_statement);  // a finished statement holds no lock
    } else {
        const Error failed = failure(code);
        sqlite3_reset(m_statement);
        return failed;
    }
    return {};
}

Status SqliteQuery::exec(const QString &sql)
{
    if (const Status prepared = prepare(sql); !prepared)
        return prepared;
    return exec();
}

bool SqliteQuery::next()
{
    if (m_rowPending) {
        m_rowPending = false;
        m_onRow = true;
        return true;
    }
    m_onRow = false;
    if (m_done || !m_statement)
        return false;
    const int code = sqlite3_step(m_statement);
    if (code == SQLITE_ROW) {
        m_onRow = true;
        return true;
    }
    if (code != SQLITE_DONE)
        qCWarning(lcStore).noquote() << "reading the ledger stopped:" << failure(code).message;
    m_done = true;
    sqlite3_reset(m_statement);
    return false;
}

QVariant SqliteQuery::value(int column) const
{
    if (!m_onRow || column < 0 || column >= sqlite3_column_count(m_statement))
        return {};
    switch (sqlite3_column_type(m_statement, column)) {
    case SQLITE_INTEGER:
        return QVariant(qlonglong(sqlite3_column_int64(m_statement, column)));
    case SQLITE_FLOAT:
        return QVariant(sqlite3_column_double(m_statement, column));
    case SQLITE_BLOB: {
        const void *data = sqlite3_column_blob(m_statement, column);
        return QVariant(QByteArray(static_cast<const char *>(data), sqlite3_column_bytes(m_statement, column)));
    }
    case SQLITE_TEXT: {
        const void *data = sqlite3_column_text16(m_statement, column);
        return QVariant(QString(static_cast<const QChar *>(data), sqlite3_column_bytes16(m_statement, column) / int(sizeof(QChar))));
    }
    default:
        return {};
    }
}

bool SqliteQuery::isNull(int column) const
{
    return !m_onRow || sqlite3_column_type(m_statement, column) == SQLITE_NULL;
}

void SqliteQuery::finish()
{
    m_bindings.clear();
    m_named.clear();
    m_rowPending = m_onRow = false;
    m_done = true;
    if (m_statement)
        sqlite3_reset(m_statement);
}

} // namespace teamai
