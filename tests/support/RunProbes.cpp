#include "RunProbes.h"

#include <QDir>
#include <QFile>

#include <sqlite3.h>

namespace teamai::test {

char processState(qint64 pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return 0;
    const QByteArray line = stat.readAll();
    const qsizetype close = line.lastIndexOf(')');
    return close > 0 && close + 2 < line.size() ? line.at(close + 2) : 0;
}

int treeProcessesOf(qint64 agentPid)
{
    const QByteArray prefix = "TEAMAI_EXEC_TREE=" + QByteArray::number(agentPid) + '.';
    int count = 0;
    for (const QString &name : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile environ(QStringLiteral("/proc/%1/environ").arg(name));
        if (!environ.open(QIODevice::ReadOnly))
            continue;
        for (const QByteArray &entry : environ.readAll().split('\0')) {
            if (entry.startsWith(prefix)) {
                ++count;
                break;
            }
        }
    }
    return count;
}

QByteArray ledgerStdout(const QString &stateDir, qint64 id, const QString &agent)
{
    QByteArray tail;
    sqlite3 *db = nullptr;
    const QByteArray path = QFile::encodeName(stateDir + QStringLiteral("/ledger.db"));
    const QByteArray name = agent.toUtf8();
    if (sqlite3_open_v2(path.constData(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_stmt *statement = nullptr;
        sqlite3_prepare_v2(db, "SELECT stdout_tail FROM commands WHERE command_id = ?1 AND (?2 = '' OR agent = (SELECT name_id FROM names WHERE name = ?2))", -1,
                           &statement, nullptr);
        sqlite3_bind_int64(statement, 1, id);
        sqlite3_bind_text(statement, 2, name.constData(), -1, SQLITE_TRANSIENT);
        if (sqlite3_step(statement) == SQLITE_ROW)
            tail = QByteArray(static_cast<const char *>(sqlite3_column_blob(statement, 0)), sqlite3_column_bytes(statement, 0));
        sqlite3_finalize(statement);
    }
    sqlite3_close(db);
    return tail;
}

} // namespace teamai::test
