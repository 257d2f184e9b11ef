#pragma once

#include "store/LedgerCodes.h"
#include "store/LedgerDatabase.h"
#include "store/LedgerNames.h"
#include "store/SqliteQuery.h"

#include <QDateTime>
#include <QStringList>
#include <QVariant>

namespace teamai::test {

/// @brief Fills `ack_attempts` with @p count synthetic rows for the ack history tests and the
/// benchmark, in one transaction with one prepared statement. Row i (0-based) is attempted at
/// @p start + i seconds, for command id 1000 + i / 2; types, states and errors cycle through
/// fixed lists so filters have known answers:
///   type  = kTypes[i % 6]; state = kStates[i % 10] (succeeded ×7, failed ×2, rejected ×1);
///   delivered unless i % 10 == 9; error "cmd failed: exit 1 (row i)" for failed rows.
/// Only the history table is filled (foreign keys off for the fill): the admin history reads it
/// alone, and a million commands and acks would only slow the fill down.
struct AckFixture {
    static QStringList types()
    {
        return {QStringLiteral("install_skill"), QStringLiteral("uninstall_teamai"), QStringLiteral("install_rule"),
                QStringLiteral("uninstall_skill"), QStringLiteral("install_claudemd"), QStringLiteral("install_hook_rule")};
    }
    static QString stateOf(qint64 i)
    {
        const qint64 k = i % 10;
        return k < 7 ? QStringLiteral("succeeded") : k < 9 ? QStringLiteral("failed") : QStringLiteral("rejected");
    }

    static bool fill(LedgerDatabase &database, qint64 count, const QDateTime &start, QString *error = nullptr)
    {
        SqliteQuery q(database.db());
        (void)q.exec(QStringLiteral("PRAGMA foreign_keys=OFF"));
        if (const Status began = q.exec(QStringLiteral("BEGIN IMMEDIATE")); !began) {
            if (error)
                *error = began.error();
            return false;
        }
        SqliteQuery insert(database.db());
        (void)insert.prepare(QStringLiteral(
            "INSERT INTO ack_attempts (ack_id, command_id, agent, type, command_state, status, error, version, "
            "attempted_at, http_status, transport_error, delivered, attempt_number) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
        const QStringList typeList = types();
        // Schema 4 stores names as ids and states as codes.
        QList<qint64> typeIds;
        for (const QString &type : typeList)
            typeIds << database.names().intern(type).valueOr(0);
        const qint64 codex = database.names().intern(QStringLiteral("codex")).valueOr(0);
        const qint64 claude = database.names().intern(QStringLiteral("claude")).valueOr(0);
        using ledgercodes::Column;
        const qint64 base = start.toMSecsSinceEpoch();
        for (qint64 i = 0; i < count; ++i) {
            const QString state = stateOf(i);
            const bool delivered = i % 10 != 9;
            insert.bindValue(0, i / 2 + 1);
            insert.bindValue(1, 1000 + i / 2);
            insert.bindValue(2, i % 3 == 0 ? codex : claude);
            insert.bindValue(3, typeIds.at(int(i % typeList.size())));
            insert.bindValue(4, ledgercodes::code(Column::State, state));
            insert.bindValue(5, ledgercodes::code(Column::Status, state == QLatin1String("succeeded") ? QStringLiteral("success") : QStringLiteral("failed")));
            insert.bindValue(6, state == QLatin1String("failed") ? QStringLiteral("cmd failed: exit 1 (row %1)").arg(i)
                                : state == QLatin1String("rejected") ? QStringLiteral("remote cmd disabled by client")
                                                                     : QStringLiteral(""));
            insert.bindValue(7, i % 4 == 0 ? QStringLiteral("1.%1.0").arg(i % 7) : QStringLiteral(""));
            insert.bindValue(8, base + i * 1000);
            insert.bindValue(9, delivered ? QVariant(200) : QVariant(QMetaType(QMetaType::Int)));
            insert.bindValue(10, delivered ? QStringLiteral("") : QStringLiteral("connection refused"));
            insert.bindValue(11, delivered ? 1 : 0);
            insert.bindValue(12, int(i % 3) + 1);
            if (const Status inserted = insert.exec(); !inserted) {
                if (error)
                    *error = inserted.error();
                (void)q.exec(QStringLiteral("ROLLBACK"));
                return false;
            }
        }
        const bool ok = q.exec(QStringLiteral("COMMIT")).ok();
        (void)q.exec(QStringLiteral("PRAGMA foreign_keys=ON"));
        return ok;
    }
};

} // namespace teamai::test
