#include "config/AgentConfig.h"
#include "config/KeychainAccess.h"
#include "config/ReferenceTokenFiles.h"
#include "config/TokenStore.h"

#include "FileMode.h"
#include "TestEnvironment.h"
#include "TimedSave.h"

#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocalServer>
#include <QMutex>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace teamai;
using Location = AgentSettings::TokenLocation;

namespace {

const QString kEndpoint = QStringLiteral("https://teamai.example.com");
const QString kToken = QStringLiteral("tok_0123456789abcdef");

QMutex g_logMutex;
QStringList g_log;
QtMessageHandler g_previousHandler = nullptr;

void captureHandler(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    {
        QMutexLocker lock(&g_logMutex);
        g_log << message;
    }
    if (g_previousHandler)
        g_previousHandler(type, context, message);
}

QStringList capturedLog()
{
    QMutexLocker lock(&g_logMutex);
    return g_log;
}

} // namespace

/// @brief Tests of TokenStore without a credential store: env, file fallback, recorded location.
/// The real Secret Service path is tst_tokenstore_keychain.
class TestTokenStore : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { g_previousHandler = qInstallMessageHandler(captureHandler); }
    void cleanupTestCase() { qInstallMessageHandler(g_previousHandler); }

    void init()
    {
        m_env = std::make_unique<teamai::test::TestEnvironment>(); // also unsets DBUS_SESSION_BUS_ADDRESS
        // An empty runtime folder: no $XDG_RUNTIME_DIR/bus either, so no session bus at all.
        m_oldRuntimeDir = qgetenv("XDG_RUNTIME_DIR");
        m_runtimeDir = std::make_unique<QTemporaryDir>();
        qputenv("XDG_RUNTIME_DIR", QFile::encodeName(m_runtimeDir->path()));
    }

    void cleanup()
    {
        if (m_oldRuntimeDir.isNull())
            qunsetenv("XDG_RUNTIME_DIR");
        else
            qputenv("XDG_RUNTIME_DIR", m_oldRuntimeDir);
        qunsetenv("TEAMAI_TOKEN");
        qunsetenv("DBUS_SESSION_BUS_ADDRESS");
        m_runtimeDir.reset();
        m_env.reset();
    }

    void tokenFileIsInTeamaiHome()
    {
        QCOMPARE(TokenStore::tokenFilePath(), m_env->teamaiHome() + QStringLiteral("/token"));
    }

    void noBusIsDetectedWithoutProbing()
    {
        const QString reason = KeychainAccess::available().error();
        QVERIFY2(reason.contains(QStringLiteral("D-Bus")), qPrintable(reason));
    }

    void autoFallsBackToFileWithoutSessionBus()
    {
        const int jobsBefore = KeychainAccess::jobsCreated();
        const auto [saved, elapsed] = teamai::test::timedSave(kEndpoint, kToken);
        QVERIFY2(saved.ok, qPrintable(saved.error));
        QVERIFY2(elapsed < 1000, qPrintable(QString::number(elapsed)));
        QCOMPARE(saved.location, Location::File);
        QVERIFY(saved.fallbackReason.contains(QStringLiteral("D-Bus")));
        QCOMPARE(KeychainAccess::jobsCreated(), jobsBefore);

        const QString path = TokenStore::tokenFilePath();
        QCOMPARE(teamai::test::fileMode(path), 0600);
        QCOMPARE(AgentSettings::load().settings.tokenLocation(), Location::File);
        // teamai-cli's layout: the bare token in token and apikey, both 0600.
        QCOMPARE(m_env->readFile(QStringLiteral(".teamai/token")), kToken.toUtf8() + '\n');
        QCOMPARE(m_env->readFile(QStringLiteral(".teamai/apikey")), kToken.toUtf8() + '\n');
        QCOMPARE(teamai::test::fileMode(referencetoken::apiKeyPath()), 0600);

        const TokenStore::Loaded loaded = TokenStore::load(kEndpoint);
        QVERIFY2(loaded.error.isEmpty(), qPrintable(loaded.error));
        QCOMPARE(loaded.token, kToken);
        QCOMPARE(loaded.source, QStringLiteral("file"));
    }

    void fallbackIsLoggedOnceAndNeverTheToken()
    {
        // Runs after the first fallback above: the message was logged there, exactly once.
        QVERIFY(TokenStore::save(kEndpoint, kToken).ok);
        QVERIFY(TokenStore::save(QStringLiteral("https://other.example.com"), kToken).ok);
        const QStringList log = capturedLog();
        const auto fallbacks = std::count_if(log.begin(), log.end(), [](const QString &line) {
            return line.contains(QStringLiteral("no usable credential store"));
        });
        QCOMPARE(fallbacks, 1);
        for (const QString &line : log)
            QVERIFY2(!line.contains(kToken), qPrintable(line));
    }

    void fileHoldsTheLatestTokenOnly()
    {
        // One token per user, as teamai-cli keeps it: a new save leaves the old one nowhere.
        QVERIFY(TokenStore::save(kEndpoint + QStringLiteral("/"), kToken).ok);
        QVERIFY(TokenStore::save(QStringLiteral("http://localhost:8080"), QStringLiteral("local")).ok);
        QCOMPARE(TokenStore::load(QStringLiteral("http://localhost:8080")).token, QStringLiteral("local"));
        QCOMPARE(m_env->readFile(QStringLiteral(".teamai/token")), QByteArray("local\n"));
        QCOMPARE(m_env->readFile(QStringLiteral(".teamai/apikey")), QByteArray("local\n"));
        QDirIterator it(m_env->home(), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            QVERIFY2(!m_env->readFile(QDir(m_env->home()).relativeFilePath(path)).contains(kToken.toUtf8()), qPrintable(path));
        }
    }

    void configJsonTokenFollowsTheFileStore()
    {
        m_env->writeFile(QStringLiteral(".teamai/local-agent/config.json"),
                         "{\"endpoint\": \"https://teamai.example.com\", \"workspaceBindings\": {}}");
        QVERIFY(TokenStore::save(kEndpoint, kToken, TokenStore::Backend::File).ok);
        QCOMPARE(AgentConfig::load().config.token(), kToken);
        QCOMPARE(teamai::test::fileMode(AgentConfig::defaultPath()), 0600);
        QCOMPARE(TokenStore::remove(kEndpoint).error(), QString());
        QVERIFY(AgentConfig::load().config.token().isEmpty());
        QCOMPARE(AgentConfig::load().config.endpoint(), kEndpoint); // the rest of config.json stays
        QVERIFY(!QFile::exists(referencetoken::apiKeyPath()));
    }

    void referenceLocationsAreReadWhenOursHoldsNone_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QByteArray>("content");
        QTest::newRow("config.json token") << QStringLiteral(".teamai/local-agent/config.json")
                                           << QByteArray("{\"endpoint\": \"https://teamai.example.com/\", \"token\": \"ref-tok\"}");
        QTest::newRow("bare token file") << QStringLiteral(".teamai/token") << QByteArray("ref-tok\n");
        QTest::newRow("apikey") << QStringLiteral(".teamai/apikey") << QByteArray("ref-tok\n");
    }

    void referenceLocationsAreReadWhenOursHoldsNone()
    {
        QFETCH(QString, file);
        QFETCH(QByteArray, content);
        m_env->writeFile(file, content);
        QFile::setPermissions(m_env->home() + u'/' + file, QFile::ReadOwner | QFile::WriteOwner);
        const TokenStore::Loaded loaded = TokenStore::load(kEndpoint);
        QCOMPARE(loaded.token, QStringLiteral("ref-tok"));
        QCOMPARE(loaded.source, QStringLiteral("reference"));
        QCOMPARE(loaded.path, m_env->home() + u'/' + file);

        // The move into our store (init / settings save) writes the whole layout.
        const TokenStore::SaveResult moved = TokenStore::adoptReferenceToken(kEndpoint, TokenStore::Backend::File);
        QVERIFY2(moved.ok, qPrintable(moved.error));
        QCOMPARE(moved.movedFrom, m_env->home() + u'/' + file);
        QCOMPARE(AgentSettings::load().settings.tokenLocation(), Location::File);
        QCOMPARE(TokenStore::load(kEndpoint).source, QStringLiteral("file"));
        QCOMPARE(m_env->readFile(QStringLiteral(".teamai/apikey")), QByteArray("ref-tok\n"));
        // Nothing to move a second time.
        QVERIFY(TokenStore::adoptReferenceToken(kEndpoint, TokenStore::Backend::File).movedFrom.isEmpty());
    }

    void ourOldEndpointMapIsStillRead()
    {
        m_env->writeFile(QStringLiteral(".teamai/token"), "{\"https://teamai.example.com\": \"old-map-tok\"}");
        QFile::setPermissions(TokenStore::tokenFilePath(), QFile::ReadOwner | QFile::WriteOwner);
        m_env->writeFile(QStringLiteral(".teamai/local-agent/settings.json"), "{\"tokenLocation\": \"file\"}");
        QCOMPARE(TokenStore::load(kEndpoint).token, QStringLiteral("old-map-tok"));
        QVERIFY(TokenStore::load(QStringLiteral("https://other.example.com")).token.isEmpty());
    }

    void environmentWins()
    {
        QVERIFY(TokenStore::save(kEndpoint, kToken, TokenStore::Backend::File).ok);
        qputenv("TEAMAI_TOKEN", "from-env");
        const TokenStore::Loaded loaded = TokenStore::load(kEndpoint);
        QCOMPARE(loaded.token, QStringLiteral("from-env"));
        QCOMPARE(loaded.source, QStringLiteral("env"));
        QVERIFY(loaded.error.isEmpty());
    }

    void environmentWinsEvenOverBrokenSettings()
    {
        m_env->writeFile(QStringLiteral(".teamai/local-agent/settings.json"), "{");
        qputenv("TEAMAI_TOKEN", "from-env");
        QCOMPARE(TokenStore::load(kEndpoint).source, QStringLiteral("env"));
    }

    void fileLocationNeverTouchesKeychain()
    {
        QVERIFY(TokenStore::save(kEndpoint, kToken, TokenStore::Backend::File).ok);
        // Make a credential store look reachable: load() must still not try it.
        qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/teamai-test-bus");
        const int jobsBefore = KeychainAccess::jobsCreated();
        QElapsedTimer timer;
        timer.start();
        const TokenStore::Loaded loaded = TokenStore::load(kEndpoint);
        QVERIFY(timer.elapsed() < 500);
        QCOMPARE(loaded.token, kToken);
        QCOMPARE(loaded.source, QStringLiteral("file"));
        QCOMPARE(KeychainAccess::jobsCreated(), jobsBefore);
    }

    void noneLocationIsEmptyWithoutProbing()
    {
        qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/teamai-test-bus");
        const int jobsBefore = KeychainAccess::jobsCreated();
        const TokenStore::Loaded loaded = TokenStore::load(kEndpoint);
        QVERIFY(loaded.token.isEmpty());
        QVERIFY(loaded.source.isEmpty());
        QVERIFY(loaded.error.isEmpty());
        QCOMPARE(KeychainAccess::jobsCreated(), jobsBefore);
    }

    void keychainLocationWithoutBusFailsFast()
    {
        m_env->writeFile(QStringLiteral(".teamai/local-agent/settings.json"), "{\"tokenLocation\": \"keychain\"}");
        const int jobsBefore = KeychainAccess::jobsCreated();
        QElapsedTimer timer;
        timer.start();
        const TokenStore::Loaded loaded = TokenStore::load(kEndpoint);
        QVERIFY(timer.elapsed() < 500);
        QVERIFY(loaded.token.isEmpty());
        QVERIFY(loaded.error.contains(QStringLiteral("credential store")));
        QCOMPARE(KeychainAccess::jobsCreated(), jobsBefore);
    }

    void explicitKeychainWithoutBusFails()
    {
        const TokenStore::SaveResult saved = TokenStore::save(kEndpoint, kToken, TokenStore::Backend::Keychain);
        QVERIFY(!saved.ok);
        QVERIFY(saved.error.contains(QStringLiteral("credential store")));
        QVERIFY(!QFile::exists(TokenStore::tokenFilePath()));
        QVERIFY(!QFile::exists(AgentSettings::defaultPath()));
    }

    void bareTokenFileIsAccepted()
    {
        m_env->writeFile(QStringLiteral(".teamai/token"), "hand-written-token\n");
        QFile::setPermissions(TokenStore::tokenFilePath(), QFile::ReadOwner | QFile::WriteOwner);
        m_env->writeFile(QStringLiteral(".teamai/local-agent/settings.json"), "{\"tokenLocation\": \"file\"}");
        const TokenStore::Loaded loaded = TokenStore::load(kEndpoint);
        QCOMPARE(loaded.token, QStringLiteral("hand-written-token"));
        QCOMPARE(loaded.source, QStringLiteral("file"));

        // The next save replaces it (bare, as teamai-cli writes it).
        QVERIFY(TokenStore::save(kEndpoint, kToken, TokenStore::Backend::File).ok);
        QCOMPARE(m_env->readFile(QStringLiteral(".teamai/token")), kToken.toUtf8() + '\n');
    }

    void removeClearsFileAndLocation()
    {
        QVERIFY(TokenStore::save(kEndpoint, kToken, TokenStore::Backend::File).ok);
        QCOMPARE(TokenStore::remove(kEndpoint).error(), QString());
        QVERIFY(TokenStore::load(kEndpoint).token.isEmpty());
        QVERIFY(!QFile::exists(TokenStore::tokenFilePath()));
        QVERIFY(!QFile::exists(referencetoken::apiKeyPath()));
        QCOMPARE(AgentSettings::load().settings.tokenLocation(), Location::None);
        QCOMPARE(TokenStore::remove(kEndpoint).error(), QString()); // nothing left: still fine
    }

    void invalidSettingsRefuseSave()
    {
        m_env->writeFile(QStringLiteral(".teamai/local-agent/settings.json"), "{ broken");
        const TokenStore::SaveResult saved = TokenStore::save(kEndpoint, kToken);
        QVERIFY(!saved.ok);
        QVERIFY(saved.error.contains(QStringLiteral("settings.json")));
        QVERIFY(!QFile::exists(TokenStore::tokenFilePath()));
    }

    void rejectsEmptyInput()
    {
        QVERIFY(!TokenStore::save(QString(), kToken).ok);
        QVERIFY(!TokenStore::save(kEndpoint, QStringLiteral("  ")).ok);
        QVERIFY(!QFile::exists(TokenStore::tokenFilePath()));
    }

    // Issue 12 item 8: ~/.teamai holds the token file, so it is owner-only (it was left as found).
    void existingTeamaiHomeIsMadePrivate()
    {
        QDir().mkpath(m_env->teamaiHome());
        QFile::setPermissions(m_env->teamaiHome(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner
                                                       | QFile::ReadGroup | QFile::ExeGroup);
        QVERIFY(TokenStore::save(kEndpoint, kToken, TokenStore::Backend::File).ok);
        QCOMPARE(teamai::test::fileMode(m_env->teamaiHome()), 0700);
        QCOMPARE(teamai::test::fileMode(TokenStore::tokenFilePath()), 0600);
    }

    // Last: a bus address that answers nothing makes QtKeychain fail; Auto must still end in the
    // file, within the bound.
    void autoFallsBackWhenBusIsBroken()
    {
        qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/teamai-test-bus");
        qint64 elapsed = 0;
        const TokenStore::SaveResult saved = timedAutoSave("broken", elapsed);
        QVERIFY2(saved.ok, qPrintable(saved.error));
        QCOMPARE(saved.location, Location::File);
        QVERIFY(elapsed < KeychainAccess::kTimeoutMs + 1000);
        QCOMPARE(TokenStore::load(kEndpoint).token, kToken);
    }

    // Very last (a job it abandons stays queued in QtKeychain): a bus socket that accepts the
    // connection and never answers. The guard must end the wait at the bound, then fall back.
    void autoFallsBackWhenBusNeverAnswers()
    {
        QLocalServer silentBus;
        QVERIFY(silentBus.listen(m_runtimeDir->filePath(QStringLiteral("silent-bus"))));
        qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=" + QFile::encodeName(silentBus.fullServerName()));
        qint64 elapsed = 0;
        const TokenStore::SaveResult saved = timedAutoSave("silent", elapsed);
        QVERIFY2(saved.ok, qPrintable(saved.error));
        QCOMPARE(saved.location, Location::File);
        QVERIFY(saved.fallbackReason.contains(QStringLiteral("did not answer")));
        QVERIFY(elapsed >= KeychainAccess::kTimeoutMs - 100);
        QVERIFY(elapsed < KeychainAccess::kTimeoutMs + 1000);

        // Not remembered (issue 16): a later call tries the store again, bounded the same way.
        QVERIFY2(KeychainAccess::available().error().isEmpty(), qPrintable(KeychainAccess::available().error()));
        QElapsedTimer timer;
        timer.start();
        const KeychainAccess::Outcome again = KeychainAccess::read(TokenStore::serviceName(), kEndpoint);
        QVERIFY(again.timedOut);
        QVERIFY(timer.elapsed() < KeychainAccess::kTimeoutMs + 1000);
    }

private:
    /// Saves kToken with the keychain unusable (a @p bus bus): how long it took goes to
    /// @p elapsed, since the tests bound it.
    static TokenStore::SaveResult timedAutoSave(const char *bus, qint64 &elapsed)
    {
        const auto [saved, ms] = teamai::test::timedSave(kEndpoint, kToken);
        elapsed = ms;
        qInfo("save with a %s bus took %lld ms (%s)", bus, elapsed, qPrintable(saved.fallbackReason));
        return saved;
    }

    std::unique_ptr<teamai::test::TestEnvironment> m_env;
    std::unique_ptr<QTemporaryDir> m_runtimeDir;
    QByteArray m_oldRuntimeDir;
};

QTEST_GUILESS_MAIN(TestTokenStore)
#include "tst_tokenstore.moc"
