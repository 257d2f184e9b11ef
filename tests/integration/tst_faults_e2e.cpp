// Issue 13 items 1 and 2 with the faults injected on purpose, the real binary and the development
// backend: a full disk (tests/support/enospc_shim.c, preloaded into `teamai`) and damaged ledgers
// (truncated, garbage header, garbage pages behind an intact header, rows only in the WAL).
// Each test asserts on the files, the ledger and the requests the devserver received.

#include "AgentTestCase.h"
#include "DataTable.h"
#include "LedgerFixture.h"

#include "commands/Command.h"
#include "store/CommandLedger.h"
#include "store/LedgerDatabase.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QtTest>

#include <sqlite3.h>

using namespace teamai;
using namespace teamai::test;
using teamai::test::ackIdOf;

namespace {

QString shim()
{
    return builtBinary("TEAMAI_ENOSPC_SHIM");
}

// The environment that makes everything below @p prefix a full disk for one `teamai` run.
QStringList fullDisk(const QString &prefix)
{
    return {QStringLiteral("LD_PRELOAD=") + shim(), QStringLiteral("TEAMAI_ENOSPC_PREFIX=") + prefix,
            QStringLiteral("TEAMAI_ENOSPC_AFTER=0")};
}

// Every file below @p dir with its bytes (temporary files included: none may be left behind).
QMap<QString, QByteArray> snapshot(const QString &dir)
{
    QMap<QString, QByteArray> files;
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        if (path.contains(QStringLiteral("/logs/")))
            continue;
        QFile file(path);
        files.insert(path, file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<unreadable>"));
    }
    return files;
}

QList<QJsonObject> acksOf(DevServerProcess &server, qint64 id)
{
    QList<QJsonObject> found;
    for (const QJsonValue &ack : server.acks()) {
        if (ack.toObject().value(QStringLiteral("id")).toInteger() == id)
            found.append(ack.toObject());
    }
    return found;
}

QStringList setAsideFiles(const QString &stateDir)
{
    return QDir(stateDir).entryList({QStringLiteral("ledger.db.damaged-*")}, QDir::Files, QDir::Name);
}

// Root page of the b-tree @p name in the SQLite file @p path (0 when unknown).
int rootPage(const QString &path, const char *name)
{
    sqlite3 *db = nullptr;
    int page = 0;
    if (sqlite3_open_v2(QFile::encodeName(path).constData(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_stmt *statement = nullptr;
        sqlite3_prepare_v2(db, "SELECT rootpage FROM sqlite_schema WHERE name = ?", -1, &statement, nullptr);
        sqlite3_bind_text(statement, 1, name, -1, SQLITE_STATIC);
        if (sqlite3_step(statement) == SQLITE_ROW)
            page = sqlite3_column_int(statement, 0);
        sqlite3_finalize(statement);
    }
    sqlite3_close(db);
    return page;
}

bool overwrite(const QString &path, qint64 offset, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::ReadWrite) && file.seek(offset) && file.write(bytes) == bytes.size();
}

} // namespace

class TestFaultsEndToEnd : public AgentTestCase
{
    Q_OBJECT
private:
    QString ledgerPath() const { return f->env().stateDir() + QStringLiteral("/ledger.db"); }
    QString noticePath() const { return f->env().stateDir() + QStringLiteral("/ledger-set-aside.json"); }
    TeamaiRun sync(const QStringList &env = {})
    {
        return runTeamai({QStringLiteral("sync"), QStringLiteral("--tool"), QStringLiteral("claude")}, {}, env);
    }

    // A command that succeeds (the backend's ack records it), as a reference row in the ledger.
    void runSucceeded(qint64 id)
    {
        f->server().queue(restrictedCommand(id, QStringLiteral("teamai --version")));
        QCOMPARE(sync().exitCode, 0);
        QCOMPARE(f->ackFor(id).value(QStringLiteral("status")).toString(), QStringLiteral("success"));
        QCOMPARE(runsInLog(f->env().stateDir(), id), 1);
        QVERIFY(!QFile::exists(ledgerPath() + QStringLiteral("-wal")) || QFileInfo(ledgerPath() + QStringLiteral("-wal")).size() == 0);
    }

    // After damage: the backend re-sends @p id (finished) and sends @p fresh; two syncs at most
    // (damage behind an intact header is found by the first, set aside by the next open).
    void expectSetAsideAndNoRerun(qint64 id, qint64 fresh)
    {
        f->server().queue(QJsonArray{restrictedCommand(id, QStringLiteral("teamai --version")), unsupportedCommand(fresh)});
        for (int round = 0; round < 2 && acksOf(f->server(), fresh).isEmpty(); ++round)
            sync();
        QVERIFY(QFile::exists(noticePath()));
        QCOMPARE(runsInLog(f->env().stateDir(), id), 1);  // not run again
        const QList<QJsonObject> acks = acksOf(f->server(), id);
        QCOMPARE(acks.size(), 2);  // acked again, with the recorded outcome
        QCOMPARE(acks.last().value(QStringLiteral("status")).toString(), QStringLiteral("success"));
        QCOMPARE(acksOf(f->server(), fresh).size(), 1);  // the new ledger works
        QCOMPARE(runsInLog(f->env().stateDir(), fresh), 1);
    }

    void expectNoticeShown()
    {
        const TeamaiRun doctor = runTeamai({QStringLiteral("doctor")});
        QVERIFY2(doctor.out.contains("[NOTE] ledger set aside"), doctor.out.constData());
        QVERIFY(doctor.out.contains(QFile::encodeName(f->env().stateDir() + QStringLiteral("/ledger.db.damaged-"))));
        const TeamaiRun status = runTeamai({QStringLiteral("status"), QStringLiteral("--json")});
        const QJsonObject aside = QJsonDocument::fromJson(status.out).object().value(QStringLiteral("ledger_set_aside")).toObject();
        QVERIFY2(!aside.isEmpty(), status.out.constData());
        const QStringList files = QDir(f->env().stateDir()).entryList({QStringLiteral("ledger.db.damaged-*")}, QDir::Files);
        QCOMPARE(aside.value(QStringLiteral("files")).toArray().size(), files.size());
        QVERIFY(runTeamai({QStringLiteral("status")}).out.contains("set aside"));
    }

private slots:
    void init()
    {
        if (!QFile::exists(shim()))
            QSKIP("the ENOSPC shim is built on Linux only");
        AgentTestCase::init();
    }

    void initOnAFullDiskChangesNothing_data() { loadTable(); }
    void initOnAFullDiskChangesNothing()
    {
        QFETCH(QString, error);
        QFETCH(QString, message);
        const auto before = snapshot(f->env().teamaiHome());
        QVERIFY(before.contains(f->env().stateDir() + QStringLiteral("/config.json")));
        QVERIFY(before.contains(f->env().stateDir() + QStringLiteral("/settings.json")));
        const TeamaiRun init = runTeamai({QStringLiteral("init"), QStringLiteral("--http"), QStringLiteral("http://127.0.0.1:1"),
                                          QStringLiteral("--token"), QStringLiteral("other-token"), QStringLiteral("--token-store"),
                                          QStringLiteral("file")},
                                         {}, fullDisk(f->env().teamaiHome()) << QStringLiteral("TEAMAI_ENOSPC_ERRNO=") + error);
        QVERIFY(init.exitCode != 0);
        QVERIFY2(init.err.contains(message.toUtf8()), init.err.constData());
        QVERIFY(!init.out.contains("Endpoint saved"));
        QCOMPARE(snapshot(f->env().teamaiHome()), before);  // byte for byte, and no temporary file left
    }

    void diskFullAfterTheConfigIsNotALockHeldByAnother()
    {
        // Room for exactly the (unchanged) config.json and the new token file: the disk fills up
        // at settings.json, behind its lock, which must not be blamed on another process.
        const QString newToken = QStringLiteral("a-new-token");
        const QByteArray config = f->env().readFile(QStringLiteral(".teamai/local-agent/config.json"));
        const QByteArray token = f->env().readFile(QStringLiteral(".teamai/token"));
        QVERIFY(token.contains(DevServerProcess::token().toUtf8()));
        const auto before = snapshot(f->env().teamaiHome());
        QStringList env = fullDisk(f->env().teamaiHome());
        env.last() = QStringLiteral("TEAMAI_ENOSPC_AFTER=%1").arg(config.size() + token.size() + newToken.size() - DevServerProcess::token().size());
        const TeamaiRun init = runTeamai({QStringLiteral("init"), QStringLiteral("--http"), f->server().baseUrl(), QStringLiteral("--token"),
                                          newToken, QStringLiteral("--token-store"), QStringLiteral("file")},
                                         {}, env);
        QVERIFY(init.exitCode != 0);
        // (The file store now also keeps the reference client's copies, so the disk fills up at
        // one of them or at settings.json: either way a plain "no space" error.)
        QVERIFY2(init.err.contains(QByteArray("No space left on device while writing " + QFile::encodeName(f->env().teamaiHome()))),
                 init.err.constData());
        QVERIFY2(!init.err.contains("another TeamAI process"), init.err.constData());
        QCOMPARE(f->env().readFile(QStringLiteral(".teamai/local-agent/config.json")), config);
        QCOMPARE(f->env().readFile(QStringLiteral(".teamai/local-agent/settings.json")),
                 before.value(f->env().stateDir() + QStringLiteral("/settings.json")));
    }

    void ruleInstallOnAFullDiskAcksFailed()
    {
        const QString rules = f->env().home() + QStringLiteral("/.claude/rules");
        QVERIFY(QDir().mkpath(rules));
        f->server().queue(resourceCommand(10, QStringLiteral("install_rule"),
                                          QJsonObject{{QStringLiteral("rule_slug"), QStringLiteral("style")},
                                                      {QStringLiteral("rule_version"), QStringLiteral("3")},
                                                      {QStringLiteral("download_url"), QString(f->server().baseUrl() + QStringLiteral("/download/rule/style.md?version=3"))}}));
        sync(fullDisk(f->env().home() + QStringLiteral("/.claude")));
        const QJsonObject ack = f->ackFor(10);
        QCOMPARE(ack.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
        QVERIFY2(ack.value(QStringLiteral("error")).toString().contains(QStringLiteral("No space left on device while writing")),
                 qPrintable(ack.value(QStringLiteral("error")).toString()));
        QCOMPARE(QDir(rules).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot), QStringList());  // no 0-byte rule
    }

    void ledgerOnAFullDiskIsNotSetAside()
    {
        runSucceeded(5);
        const QByteArray ledgerBefore = f->env().readFile(QStringLiteral(".teamai/local-agent/ledger.db"));
        f->server().queue(QJsonArray{restrictedCommand(5, QStringLiteral("teamai --version")), unsupportedCommand(6)});
        const TeamaiRun full = sync(fullDisk(f->env().stateDir()));
        QVERIFY(full.exitCode != 0);
        QCOMPARE(setAsideFiles(f->env().stateDir()), QStringList());
        QVERIFY(!QFile::exists(noticePath()));
        QCOMPARE(f->env().readFile(QStringLiteral(".teamai/local-agent/ledger.db")), ledgerBefore);
        QVERIFY(acksOf(f->server(), 6).isEmpty());  // not run, nothing reported
        QCOMPARE(runsInLog(f->env().stateDir(), 6), 0);
        QCOMPARE(acksOf(f->server(), 5).size(), 1);

        // Room again: the backend sends both again (neither was acked): 6 runs once; 5 is acked
        // again, not run again.
        sync();
        QCOMPARE(runsInLog(f->env().stateDir(), 5), 1);
        QCOMPARE(acksOf(f->server(), 5).size(), 2);
        QCOMPARE(acksOf(f->server(), 6).size(), 1);
        QCOMPARE(setAsideFiles(f->env().stateDir()), QStringList());
    }

    void damagedLedgerKeepsFinishedCommandsFinished_data() { loadTable(); }
    void damagedLedgerKeepsFinishedCommandsFinished()
    {
        QFETCH(QString, damage);
        runSucceeded(7);
        const QString ledger = ledgerPath();
        const qint64 size = QFileInfo(ledger).size();
        QVERIFY(size > 8192);
        if (damage == QLatin1String("truncated")) {
            QVERIFY(QFile::resize(ledger, 4096));
        } else if (damage == QLatin1String("header")) {
            QVERIFY(overwrite(ledger, 0, QByteArray(100, '\x5a')));
        } else {
            // The index every admit() writes to, garbage behind an intact header and schema.
            const int page = rootPage(ledger, "commands_by_group");
            QVERIFY(page > 1);
            QVERIFY(overwrite(ledger, qint64(page - 1) * 4096, QByteArray(4096, '\x5a')));
        }
        expectSetAsideAndNoRerun(7, 8);
        const auto notice = QJsonDocument::fromJson(f->env().readFile(QStringLiteral(".teamai/local-agent/ledger-set-aside.json"))).object();
        if (damage != QLatin1String("truncated"))  // the rows are still there to read
            QVERIFY2(notice.value(QStringLiteral("recoveredCommands")).toInt() >= 1, QJsonDocument(notice).toJson().constData());
        expectNoticeShown();
    }

    void rowsOnlyInTheWalAreSetAsideAndRecovered()
    {
        // A ledger whose every row lives in its WAL (the database file is one 4 KiB page), with a
        // succeeded command and its delivered ack in it, written the way the agent writes them.
        const QString ledger = ledgerPath();
        auto database = std::make_unique<LedgerDatabase>(ledger);
        QVERIFY(database->open());
        sqlite3 *reader = nullptr;  // a second connection keeps the agent's close from folding the log
        QCOMPARE(sqlite3_open(QFile::encodeName(ledger).constData(), &reader), SQLITE_OK);
        QCOMPARE(sqlite3_exec(reader, "SELECT count(*) FROM commands", nullptr, nullptr, nullptr), SQLITE_OK);
        {
            CommandLedger commands(*database);
            const Command command = Command::fromJson(restrictedCommand(9, QStringLiteral("teamai --version")));
            const auto admitted = commands.admit(command, QStringLiteral("claude"), QString());
            QCOMPARE(int(admitted.admission), int(CommandLedger::Admission::New));
            QVERIFY(commands.claim(admitted.row.rowId, ProcessIdentity::current()));
            CommandCompletion done;
            done.state = CommandState::Succeeded;
            done.ackPayload = QJsonObject{{QStringLiteral("id"), 9}, {QStringLiteral("type"), QStringLiteral("uninstall_teamai")},
                                          {QStringLiteral("status"), QStringLiteral("success")}, {QStringLiteral("error"), QString()}};
            QVERIFY(ackIdOf(commands.complete(admitted.row.rowId, done)) > 0);
            for (const OutboxAck &ack : commands.dueAcks(false))
                commands.recordAckAttempt(ack, 200, QString(), true);
        }
        database.reset();
        // Damage behind an intact header, in the log only: the index every new command is written
        // to now points at the commands table's pages (quick_check and the next insert see it).
        QCOMPARE(sqlite3_exec(reader, "PRAGMA writable_schema=ON; UPDATE sqlite_schema SET rootpage = "
                                      "(SELECT rootpage FROM sqlite_schema WHERE name = 'commands') WHERE name = 'commands_by_group'",
                              nullptr, nullptr, nullptr), SQLITE_OK);
        sqlite3_db_config(reader, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
        sqlite3_close(reader);
        QVERIFY(QFile::remove(f->env().stateDir() + QStringLiteral("/finished-ids")));  // the rows alone must do it
        QVERIFY(QFileInfo(ledger + QStringLiteral("-wal")).size() > 4096);
        QVERIFY(QFileInfo(ledger).size() <= 4096);
        const bool hadShm = QFile::exists(ledger + QStringLiteral("-shm"));

        // The new command trips over the damage (not run, nothing acked); the next sync sets the
        // ledger aside with its WAL and SHM, reads row 9 back from the log, and runs 11.
        f->server().queue(unsupportedCommand(11));
        for (int round = 0; round < 2 && acksOf(f->server(), 11).isEmpty(); ++round)
            sync();
        QCOMPARE(acksOf(f->server(), 11).size(), 1);
        const QStringList aside = setAsideFiles(f->env().stateDir());
        QCOMPARE(aside.size(), hadShm ? 3 : 2);  // the database with its WAL (and SHM), together
        QVERIFY(aside.last().endsWith(QStringLiteral("-wal")));
        QVERIFY(!hadShm || aside.at(1).endsWith(QStringLiteral("-shm")));
        QVERIFY(QFileInfo(f->env().stateDir() + QLatin1Char('/') + aside.last()).size() > 4096);
        const auto notice = QJsonDocument::fromJson(f->env().readFile(QStringLiteral(".teamai/local-agent/ledger-set-aside.json"))).object();
        QVERIFY2(notice.value(QStringLiteral("recoveredCommands")).toInt() >= 1, QJsonDocument(notice).toJson().constData());
        QCOMPARE(notice.value(QStringLiteral("restoredFinishedIds")).toInt(), 0);

        // The backend sends 9 again: recovered as succeeded, it is acked again and not run.
        f->server().queue(restrictedCommand(9, QStringLiteral("teamai --version")));
        sync();
        QCOMPARE(runsInLog(f->env().stateDir(), 9), 0);
        const QList<QJsonObject> acks = acksOf(f->server(), 9);
        QCOMPARE(acks.size(), 1);
        QCOMPARE(acks.first().value(QStringLiteral("status")).toString(), QStringLiteral("success"));
        expectNoticeShown();
    }
};

QTEST_GUILESS_MAIN(TestFaultsEndToEnd)
#include "tst_faults_e2e.moc"
