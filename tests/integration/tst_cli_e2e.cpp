// The CLI surface: version, help on every subcommand, and bad usage as one clear line with a
// non-zero exit.

#include "AgentFixture.h"
#include "TestCases.h"

#include <QtTest>

using namespace teamai::test;

class TestCliEndToEnd : public teamai::test::HomeTestCase
{
    Q_OBJECT
private slots:
    void version()
    {
        const TeamaiRun run = runTeamai({QStringLiteral("--version")});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.startsWith("teamai 0."));
    }

    void helpOnEverySubcommand_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QStringList>("mentions");
        QTest::newRow("main") << QStringList{QStringLiteral("--help")}
                              << QStringList{QStringLiteral("init"), QStringLiteral("sync"), QStringLiteral("status"), QStringLiteral("--hook")};
        QTest::newRow("init") << QStringList{QStringLiteral("init"), QStringLiteral("--help")}
                              << QStringList{QStringLiteral("--http"), QStringLiteral("--token"), QStringLiteral("--token-store")};
        QTest::newRow("sync") << QStringList{QStringLiteral("sync"), QStringLiteral("--help")}
                              << QStringList{QStringLiteral("--tool"), QStringLiteral("--json")};
        QTest::newRow("status") << QStringList{QStringLiteral("status"), QStringLiteral("--help")} << QStringList{QStringLiteral("--json")};
        QTest::newRow("remote-cmd") << QStringList{QStringLiteral("remote-cmd"), QStringLiteral("--help")}
                                    << QStringList{QStringLiteral("enable"), QStringLiteral("disable"), QStringLiteral("status")};
        QTest::newRow("hook") << QStringList{QStringLiteral("hook-dispatch"), QStringLiteral("--help")}
                              << QStringList{QStringLiteral("--tool"), QStringLiteral("session-start")};
    }
    void helpOnEverySubcommand()
    {
        QFETCH(QStringList, args);
        QFETCH(QStringList, mentions);
        const TeamaiRun run = runTeamai(args);
        QCOMPARE(run.exitCode, 0);
        for (const QString &word : mentions)
            QVERIFY2(run.out.contains(word.toUtf8()), qPrintable(word));
    }

    void badUsage_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown command") << QStringList{QStringLiteral("frobnicate")} << QStringLiteral("teamai: unknown command `frobnicate`");
        QTest::newRow("init without url") << QStringList{QStringLiteral("init")} << QStringLiteral("--http URL is required");
        QTest::newRow("init bad url") << QStringList{QStringLiteral("init"), QStringLiteral("--http"), QStringLiteral("ftp://x")}
                                      << QStringLiteral("teamai init:");
        QTest::newRow("init missing value") << QStringList{QStringLiteral("init"), QStringLiteral("--http")}
                                            << QStringLiteral("option --http needs a value");
        // Every subcommand's --tool names the tools it knows when it does not know the one given.
        for (const char *command : {"sync", "worker", "reconcile-plugins", "uninstall", "mcp"})
            QTest::newRow(qPrintable(QStringLiteral("%1 unknown tool").arg(QLatin1String(command))))
                << QStringList{QString::fromLatin1(command), QStringLiteral("--tool"), QStringLiteral("emacs")}
                << QStringLiteral("teamai %1: unknown tool `emacs` (known: claude, codex,").arg(QLatin1String(command));
        QTest::newRow("remote-cmd nonsense") << QStringList{QStringLiteral("remote-cmd"), QStringLiteral("maybe")}
                                             << QStringLiteral("unknown action `maybe`");
    }
    void badUsage()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const TeamaiRun run = runTeamai(args);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(message.toUtf8()), run.err.constData());
        QCOMPARE(run.err.count('\n'), 1);
        QVERIFY(run.out.isEmpty());
        QVERIFY2(!QFileInfo::exists(env->stateDir() + QStringLiteral("/config.json")), "bad usage changes nothing");
    }

    void syncWithoutConfigurationExplains()
    {
        const TeamaiRun run = runTeamai({QStringLiteral("sync")});
        QCOMPARE(run.exitCode, 1);
        QVERIFY(run.err.contains("teamai init"));
    }

    void initKeepsUnknownConfigFields()
    {
        env->writeFile(QStringLiteral(".teamai/local-agent/config.json"),
                         "{\"endpoint\":\"http:/" "/old\",\"createdAt\":\"2024-01-01T00:00:00Z\",\"futureField\":{\"a\":1},\"workspaceBindings\":{}}");
        const TeamaiRun run = runTeamai({QStringLiteral("init"), QStringLiteral("--http"), QStringLiteral("http://127.0.0.1:9/"),
                                         QStringLiteral("--token"), QStringLiteral("t0k"), QStringLiteral("--token-store"), QStringLiteral("file")});
        QCOMPARE(run.exitCode, 0);
        const QByteArray config = env->readFile(QStringLiteral(".teamai/local-agent/config.json"));
        QVERIFY(config.contains("futureField"));
        QVERIFY(config.contains("\"http://127.0.0.1:9\""));
        // The file store is teamai-cli's layout: config.json `token` too, so config.json is 0600.
        QVERIFY(config.contains("\"token\": \"t0k\""));
        QFile configFile(env->stateDir() + QStringLiteral("/config.json"));
        QCOMPARE(configFile.permissions() & (QFile::ReadGroup | QFile::ReadOther | QFile::WriteGroup | QFile::WriteOther), QFile::Permissions());
        QVERIFY(!run.out.contains("t0k"));
        QFile token(env->teamaiHome() + QStringLiteral("/token"));
        QCOMPARE(token.permissions() & (QFile::ReadGroup | QFile::ReadOther | QFile::WriteGroup | QFile::WriteOther), QFile::Permissions());
    }

    // The keychain and archive modules load on first use only; doctor loads them so that a broken
    // installation shows now, not at the first skill download.
    void doctorChecksTheRuntimeModules()
    {
        const TeamaiRun run = runTeamai({QStringLiteral("doctor")});
        QCOMPARE(run.exitCode, 1);  // not configured
        QVERIFY2(run.out.contains("[ ok ] keychain module: libteamai-keychain.so loads"), run.out.constData());
        QVERIFY2(run.out.contains("[ ok ] archive module: libteamai-archive.so loads"), run.out.constData());
        QVERIFY2(run.out.contains("[FAIL] config"), run.out.constData());
    }

    void initRefusesACorruptConfig()
    {
        const QByteArray corrupt = "{ this is not json";
        env->writeFile(QStringLiteral(".teamai/local-agent/config.json"), corrupt);
        const TeamaiRun run = runTeamai({QStringLiteral("init"), QStringLiteral("--http"), QStringLiteral("http://127.0.0.1:9")});
        QCOMPARE(run.exitCode, 1);
        QVERIFY(run.err.contains("nothing was changed"));
        QCOMPARE(env->readFile(QStringLiteral(".teamai/local-agent/config.json")), corrupt);
    }
};

QTEST_GUILESS_MAIN(TestCliEndToEnd)
#include "tst_cli_e2e.moc"
