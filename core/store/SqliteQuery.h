#pragma once

#include "util/Result.h"

#include <QString>
#include <QVariant>
#include <QVariantList>

#include <utility>

struct sqlite3;
struct sqlite3_stmt;

namespace teamai {

/// @brief One prepared statement on a SQLite connection, with the small part of QSqlQuery's
/// interface the ledger uses: prepare, positional binds, exec, next, value.
///
/// The ledger talks to SQLite's C API directly rather than through QtSql: QtSql finds its
/// driver by scanning Qt's plugin folder and loading a plugin, about 0.6 ms on each of the many
/// agent hooks an hour, for nothing the C API does not give as plainly.
///
/// Values follow QtSql's SQLite driver: INTEGER → qlonglong, REAL → double, TEXT → QString,
/// BLOB → QByteArray, NULL → a null QVariant. A null QVariant, a null QString and a null
/// QByteArray bind as NULL; bool binds as 0 or 1.
class SqliteQuery
{
public:
    explicit SqliteQuery(sqlite3 *db);
    ~SqliteQuery();
    Q_DISABLE_COPY(SqliteQuery)

    /// @brief Compiles @p sql; fails when it does not compile (exec() then fails the same way).
    Status prepare(const QString &sql);
    /// @brief Binds the next `?` of the coming exec().
    void addBindValue(const QVariant &value);
    /// @brief Binds the @p index-th `?` (from 0) of the coming exec().
    void bindValue(int index, const QVariant &value);
    /// @brief Binds the parameter named @p name (`:name`) of the coming exec().
    void bindValue(const QString &name, const QVariant &value);

    /// @brief Runs the statement with the values bound since the last exec(). For a query, next()
    /// then steps through the rows. The first row is read here, so a query whose one row cannot
    /// be read fails here.
    Status exec();
    /// @brief Convenience: prepare() and exec() @p sql, which takes no value.
    Status exec(const QString &sql);
    /// @brief Moves to the next row (the first one after exec()); false at the end or on error
    /// (an error is logged: the rows read so far are all there is).
    bool next();
    /// @brief Column @p column of the current row.
    QVariant value(int column) const;
    bool isNull(int column) const;
    /// @brief Ends the current execution early (releasing its read snapshot); bindings are cleared.
    void finish();

    /// @brief Rows changed by the last exec() of an INSERT, UPDATE or DELETE.
    int numRowsAffected() const { return m_changes; }
    /// @brief The row id the last exec() of an INSERT made.
    qint64 lastInsertId() const { return m_lastInsertId; }

private:
    Error failure(int code) const;

    sqlite3 *m_db;
    sqlite3_stmt *m_statement = nullptr;
    QVariantList m_bindings;
    QList<std::pair<QString, QVariant>> m_named;
    bool m_rowPending = false;  // exec() already stepped onto the first row
    bool m_onRow = false;
    bool m_done = true;
    int m_changes = 0;
    qint64 m_lastInsertId = 0;
    Status m_prepared;  // the last prepare()'s outcome, which exec() repeats when it failed
};

} // namespace teamai
