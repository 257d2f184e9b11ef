#include "config/AgentSettings.h"

#include "FileMode.h"
#include "FileTree.h"
#include "TestCases.h"
#include "TestEnvironment.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLockFile>
#include <QThread>
#include <QtTest>

#include <memory>

using teamai::AgentSettings;
using teamai::Status;
using Location = AgentSettings::TokenLocation;
using teamai::test::readFileAt;

/// @brief Tests of AgentSettings: the agent's own settings.json.
class TestAgentSettings : public teamai::test::HomeTestCase
{
    Q_OBJECT

private slots:
    void defaultsWhenMissing()
    {
        QCOMPARE(AgentSettings::defaultPath(), env->stateDir() + QStringLiteral("/settings.json"));
        const AgentSettings::Loaded loaded = AgentSettings::load();
        QVERIFY(!loaded.exists);
        QVERIFY(loaded.error.isEmpty());
        const AgentSettings &s = loaded.settings;
        QCOMPARE(s.tokenLocation(), Location::None);
        QCOMPARE(s.remoteCommands().enabled, true);
        QCOMPARE(s.remoteCommands().explicitlySet, false);
        QCOMPARE(s.syncIntervalMinutes(), 5);
        QVERIFY(s.enabledAgents().isEmpty());
        QCOMPARE(s.historyRetentionDays(), 90);
        QCOMPARE(s.historyMaxCommands(), 100000);
        QVERIFY(!QFile::exists(AgentSettings::defaultPath()));
    }

    void roundTripKeepsUnknownFields()
    {
        env->writeFile(QStringLiteral(".teamai/local-agent/settings.json"),
                         R"({"futureField": {"a": 1}, "remoteCommands": {"enabled": true, "futureSub": "x"}})");
        AgentSettings s = AgentSettings::load().settings;
        s.setTokenLocation(Location::Keychain);
        s.setRemoteCommandsEnabled(false, QStringLiteral("tray"),
                                   QDateTime(QDate(2024, 6, 1), QTime(12, 0), Qt::UTC));
        s.setSyncIntervalMinutes(15);
        s.setEnabledAgents({QStringLiteral("claude"), QStringLiteral("codex")});
        const Status saved = s.save();
        QVERIFY2(saved, qPrintable(saved.error()));

        const AgentSettings::Loaded loaded = AgentSettings::load();
        QVERIFY2(loaded.error.isEmpty(), qPrintable(loaded.error));
        const AgentSettings &r = loaded.settings;
        QCOMPARE(r.tokenLocation(), Location::Keychain);
        QCOMPARE(r.remoteCommands().enabled, false);
        QCOMPARE(r.remoteCommands().explicitlySet, true);
        QCOMPARE(r.remoteCommands().changedBy, QStringLiteral("tray"));
        QCOMPARE(r.remoteCommands().changedAt, QStringLiteral("2024-06-01T12:00:00.000Z"));
        QCOMPARE(r.syncIntervalMinutes(), 15);
        QCOMPARE(r.enabledAgents(), (QStringList{QStringLiteral("claude"), QStringLiteral("codex")}));

        const QJsonObject json = QJsonDocument::fromJson(readFileAt(AgentSettings::defaultPath())).object();
        QCOMPARE(json.value(QStringLiteral("futureField")).toObject().value(QStringLiteral("a")).toInt(), 1);
        QCOMPARE(json.value(QStringLiteral("remoteCommands")).toObject().value(QStringLiteral("futureSub")).toString(),
                 QStringLiteral("x"));
        QCOMPARE(json.value(QStringLiteral("tokenLocation")).toString(), QStringLiteral("keychain"));
    }

    void mutedNotificationsAreReadLeniently()
    {
        // A malformed value of this cosmetic field must not make the kill switch unreadable.
        env->writeFile(QStringLiteral(".teamai/local-agent/settings.json"),
                         R"({"mutedNotifications": "failed", "remoteCommands": {"enabled": false}})");
        AgentSettings::Loaded loaded = AgentSettings::load();
        QVERIFY2(loaded.error.isEmpty(), qPrintable(loaded.error));
        QCOMPARE(loaded.settings.remoteCommands().enabled, false);
        QVERIFY(loaded.settings.mutedNotifications().isEmpty());

        loaded.settings.setMutedNotifications({QStringLiteral("succeeded"), QStringLiteral("installed")});
        const Status saved = loaded.settings.save();
        QVERIFY2(saved, qPrintable(saved.error()));
        QCOMPARE(AgentSettings::load().settings.mutedNotifications(), (QStringList{QStringLiteral("succeeded"), QStringLiteral("installed")}));
    }

    void tokenGenerationIsRandomKeptAndReadLeniently()
    {
        // The session token cache answers only for this value: every renewal must differ (also
        // from a settings.json written anew), and other writers must keep it.
        QStringList seen;
        for (int i = 0; i < 3; ++i) {
            const Status renewed = AgentSettings::update([](AgentSettings &s) { s.renewTokenGeneration(); });
            QVERIFY2(renewed, qPrintable(renewed.error()));
            const QString generation = AgentSettings::load().settings.tokenGeneration();
            QCOMPARE(generation.size(), 32);
            QVERIFY(!seen.contains(generation));
            seen << generation;
            QVERIFY(QFile::remove(AgentSettings::defaultPath()));
        }
        QVERIFY(AgentSettings::update([](AgentSettings &s) { s.renewTokenGeneration(); }).ok());
        const QString kept = AgentSettings::load().settings.tokenGeneration();
        QVERIFY(AgentSettings::update([](AgentSettings &s) { s.setSyncIntervalMinutes(7); }).ok());
        QCOMPARE(AgentSettings::load().settings.tokenGeneration(), kept);

        env->writeFile(QStringLiteral(".teamai/local-agent/settings.json"), R"({"tokenGeneration": 42})");
        const AgentSettings::Loaded loaded = AgentSettings::load();
        QVERIFY2(loaded.error.isEmpty(), qPrintable(loaded.error));
        QCOMPARE(loaded.settings.tokenGeneration(), QString());
    }

    void modesArePrivate()
    {
        AgentSettings s;
        s.setSyncIntervalMinutes(7);
        const Status saved = s.save();
        QVERIFY2(saved, qPrintable(saved.error()));
        QCOMPARE(teamai::test::fileMode(AgentSettings::defaultPath()), 0600);
        QCOMPARE(teamai::test::fileMode(env->stateDir()), 0700);
        QCOMPARE(QDir(env->stateDir()).entryList(QDir::Files | QDir::Hidden),
                 QStringList{QStringLiteral("settings.json")});
    }

    void invalidJsonIsAnErrorAndUntouched()
    {
        const QByteArray broken = "{\"tokenLocation\": ";
        const QString path = env->writeFile(QStringLiteral(".teamai/local-agent/settings.json"), broken);
        const AgentSettings::Loaded loaded = AgentSettings::load();
        QVERIFY(loaded.exists);
        QVERIFY(loaded.error.contains(path));
        QCOMPARE(loaded.settings.tokenLocation(), Location::None);

        // update() must not replace what the user wrote with defaults.
        const Status refused = AgentSettings::update([](AgentSettings &s) { s.setSyncIntervalMinutes(9); });
        QVERIFY(!refused);
        QVERIFY(refused.error().contains(path));
        QCOMPARE(readFileAt(path), broken);
    }

    void wrongTypesAreErrors_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("field");
        QTest::newRow("tokenLocation number") << QByteArray(R"({"tokenLocation": 1})") << QStringLiteral("tokenLocation");
        QTest::newRow("tokenLocation unknown") << QByteArray(R"({"tokenLocation": "vault"})") << QStringLiteral("tokenLocation");
        QTest::newRow("remoteCommands bool") << QByteArray(R"({"remoteCommands": false})") << QStringLiteral("remoteCommands");
        QTest::newRow("enabled string") << QByteArray(R"({"remoteCommands": {"enabled": "no"}})") << QStringLiteral("remoteCommands.enabled");
        QTest::newRow("changedBy number") << QByteArray(R"({"remoteCommands": {"changedBy": 1}})") << QStringLiteral("remoteCommands.changedBy");
        QTest::newRow("interval string") << QByteArray(R"({"syncIntervalMinutes": "5"})") << QStringLiteral("syncIntervalMinutes");
        QTest::newRow("interval zero") << QByteArray(R"({"syncIntervalMinutes": 0})") << QStringLiteral("syncIntervalMinutes");
        QTest::newRow("interval fraction") << QByteArray(R"({"syncIntervalMinutes": 2.5})") << QStringLiteral("syncIntervalMinutes");
        QTest::newRow("interval huge") << QByteArray(R"({"syncIntervalMinutes": 1e300})") << QStringLiteral("syncIntervalMinutes");
        QTest::newRow("retention zero") << QByteArray(R"({"historyRetentionDays": 0})") << QStringLiteral("historyRetentionDays");
        QTest::newRow("retention string") << QByteArray(R"({"historyRetentionDays": "90"})") << QStringLiteral("historyRetentionDays");
        QTest::newRow("max commands tiny") << QByteArray(R"({"historyMaxCommands": 5})") << QStringLiteral("historyMaxCommands");
        QTest::newRow("max commands fraction") << QByteArray(R"({"historyMaxCommands": 1000.5})") << QStringLiteral("historyMaxCommands");
        QTest::newRow("agents string") << QByteArray(R"({"enabledAgents": "claude"})") << QStringLiteral("enabledAgents");
        QTest::newRow("agents numbers") << QByteArray(R"({"enabledAgents": [1]})") << QStringLiteral("enabledAgents");
    }

    void wrongTypesAreErrors()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, field);
        const QString path = env->writeFile(QStringLiteral(".teamai/local-agent/settings.json"), json);
        const AgentSettings::Loaded loaded = AgentSettings::load();
        QVERIFY2(loaded.error.contains(QLatin1Char('"') + field + QLatin1Char('"')), qPrintable(loaded.error));
        QVERIFY(loaded.error.contains(path));
        QCOMPARE(readFileAt(path), json);
    }

    void historyLimitsAreRead()
    {
        env->writeFile(QStringLiteral(".teamai/local-agent/settings.json"),
                         R"({"historyRetentionDays": 30, "historyMaxCommands": 5000})");
        const AgentSettings::Loaded loaded = AgentSettings::load();
        QVERIFY2(loaded.error.isEmpty(), qPrintable(loaded.error));
        QCOMPARE(loaded.settings.historyRetentionDays(), 30);
        QCOMPARE(loaded.settings.historyMaxCommands(), 5000);
    }

    void nullFieldsAreDefaults()
    {
        env->writeFile(QStringLiteral(".teamai/local-agent/settings.json"),
                         R"({"tokenLocation": null, "remoteCommands": null, "syncIntervalMinutes": null})");
        const AgentSettings::Loaded loaded = AgentSettings::load();
        QVERIFY2(loaded.error.isEmpty(), qPrintable(loaded.error));
        QCOMPARE(loaded.settings.syncIntervalMinutes(), 5);
        QCOMPARE(loaded.settings.remoteCommands().enabled, true);
    }

    void syncIntervalIsClamped()
    {
        AgentSettings s;
        s.setSyncIntervalMinutes(0);
        QCOMPARE(s.syncIntervalMinutes(), 1);
        s.setSyncIntervalMinutes(100000);
        QCOMPARE(s.syncIntervalMinutes(), AgentSettings::kMaxSyncIntervalMinutes);
    }

    void loadAlwaysRereadsTheDisk()
    {
        AgentSettings s;
        s.setRemoteCommandsEnabled(true, QStringLiteral("cli"));
        QVERIFY(s.save());
        QCOMPARE(AgentSettings::load().settings.remoteCommands().enabled, true);
        // Another process flips the switch by rewriting the file.
        env->writeFile(QStringLiteral(".teamai/local-agent/settings.json"),
                         R"({"remoteCommands": {"enabled": false, "changedBy": "tray"}})");
        QCOMPARE(AgentSettings::load().settings.remoteCommands().enabled, false);
        QCOMPARE(AgentSettings::load().settings.remoteCommands().changedBy, QStringLiteral("tray"));
    }

    void updateKeepsOtherWriters()
    {
        QVERIFY(AgentSettings::update([](AgentSettings &s) { s.setRemoteCommandsEnabled(false, QStringLiteral("cli")); }));
        QVERIFY(AgentSettings::update([](AgentSettings &s) { s.setSyncIntervalMinutes(9); }));
        const AgentSettings r = AgentSettings::load().settings;
        QCOMPARE(r.remoteCommands().enabled, false);
        QCOMPARE(r.syncIntervalMinutes(), 9);
        // An flock (issue 13 item 1): taking it writes nothing, so a full disk cannot refuse it.
        QCOMPARE(QFileInfo(AgentSettings::defaultPath() + QStringLiteral(".lock")).size(), 0);
    }

    void concurrentUpdatesLoseNothing()
    {
        constexpr int kWriters = 6;
        QList<QThread *> threads;
        for (int i = 0; i < kWriters; ++i) {
            threads << QThread::create([i] {
                const Status updated = AgentSettings::update([i](AgentSettings &s) {
                    QStringList agents = s.enabledAgents();
                    agents << QStringLiteral("agent%1").arg(i);
                    s.setEnabledAgents(agents);
                });
                if (!updated)
                    qWarning("update failed: %s", qPrintable(updated.error()));
            });
        }
        for (QThread *t : threads)
            t->start();
        for (QThread *t : threads) {
            QVERIFY(t->wait(10000));
            delete t;
        }
        QCOMPARE(AgentSettings::load().settings.enabledAgents().size(), kWriters);
    }

    void updateGivesUpWhenLockIsHeld()
    {
        QDir().mkpath(env->stateDir());
        QLockFile held(AgentSettings::defaultPath() + QStringLiteral(".lock"));
        QVERIFY(held.tryLock(0));
        QElapsedTimer timer;
        timer.start();
        const Status refused = AgentSettings::update([](AgentSettings &s) { s.setSyncIntervalMinutes(3); });
        QVERIFY(!refused);
        QVERIFY(refused.error().contains(QStringLiteral("lock")));
        QVERIFY(timer.elapsed() < 5000);
    }
};

QTEST_GUILESS_MAIN(TestAgentSettings)
#include "tst_agentsettings.moc"
