#include "config/KeychainAccess.h"
#include "config/ReferenceTokenFiles.h"
#include "config/TokenStore.h"

#include "TestEnvironment.h"
#include "TimedSave.h"

#include <QElapsedTimer>
#include <QFile>
#include <QThread>
#include <QtTest>

#include <memory>

using namespace teamai;
using Location = AgentSettings::TokenLocation;

namespace {
const QString kEndpoint = QStringLiteral("https://keychain.example.com");
const QString kToken = QStringLiteral("tok_keychain_42");
} // namespace

/// @brief TokenStore through a real Secret Service (gnome-keyring on a private session bus).
/// Run by ctest through with-keyring.sh, which provides the bus and the unlocked keyring.
class TestTokenStoreKeychain : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        if (qEnvironmentVariableIsEmpty("TEAMAI_KEYRING_WRAPPED"))
            QSKIP("needs a private Secret Service: run through ctest (tests/unit/config/with-keyring.sh)");
        QVERIFY2(!qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS"), "with-keyring.sh gave no session bus");
    }

    void init()
    {
        // TestEnvironment clears DBUS_SESSION_BUS_ADDRESS for ordinary tests; this one needs it.
        const QByteArray bus = qgetenv("DBUS_SESSION_BUS_ADDRESS");
        m_env = std::make_unique<teamai::test::TestEnvironment>();
        qputenv("DBUS_SESSION_BUS_ADDRESS", bus);
    }
    void cleanup() { m_env.reset(); }

    // First of all (issue 16): the process's first credential-store call on a thread that then
    // ends — the Settings dialog's background save — must not leave the store unusable. QtKeychain
    // ties its job queue to the first caller's thread; later calls timed out, the token read came
    // back empty (a false 401 on Test connection) and the next save fell back to a plain file.
    void aFirstCallOnAShortLivedThreadLeavesTheStoreUsable()
    {
        QString firstError;
        QThread *thread = QThread::create([&firstError] {
            const KeychainAccess::Outcome written = KeychainAccess::write(TokenStore::serviceName(), kEndpoint, kToken);
            if (!written.ok)
                firstError = written.error;
        });
        thread->start();
        QVERIFY(thread->wait(10000));
        delete thread;
        QVERIFY2(firstError.isEmpty(), qPrintable(firstError));
        for (int i = 0; i < 3; ++i) {
            const KeychainAccess::Outcome read = KeychainAccess::read(TokenStore::serviceName(), kEndpoint);
            QVERIFY2(read.ok, qPrintable(QStringLiteral("read %1: %2").arg(i).arg(read.error)));
            QCOMPARE(read.secret, kToken);
        }
        QVERIFY(KeychainAccess::remove(TokenStore::serviceName(), kEndpoint).ok);
    }

    void autoSavesToKeychainAndLoadsBack()
    {
        QVERIFY2(KeychainAccess::available().error().isEmpty(), qPrintable(KeychainAccess::available().error()));
        const int jobsBefore = KeychainAccess::jobsCreated();

        const auto [saved, saveMs] = teamai::test::timedSave(kEndpoint, kToken);
        QVERIFY2(saved.ok, qPrintable(saved.error));
        QCOMPARE(saved.location, Location::Keychain);
        QVERIFY(saved.fallbackReason.isEmpty());
        QVERIFY(!QFile::exists(TokenStore::tokenFilePath()));
        QCOMPARE(AgentSettings::load().settings.tokenLocation(), Location::Keychain);

        QElapsedTimer timer;
        timer.start();
        const TokenStore::Loaded loaded = TokenStore::load(kEndpoint + QStringLiteral("/"));
        const qint64 loadMs = timer.elapsed();
        QVERIFY2(loaded.error.isEmpty(), qPrintable(loaded.error));
        QCOMPARE(loaded.token, kToken);
        QCOMPARE(loaded.source, QStringLiteral("keychain"));
        QVERIFY(KeychainAccess::jobsCreated() > jobsBefore);
        QVERIFY(saveMs < KeychainAccess::kTimeoutMs);
        QVERIFY(loadMs < KeychainAccess::kTimeoutMs);
        qInfo("keychain: TokenStore::save %lld ms, TokenStore::load %lld ms", saveMs, loadMs);
        QCOMPARE(TokenStore::remove(kEndpoint).error(), QString());
        QCOMPARE(AgentSettings::load().settings.tokenLocation(), Location::None);
        const KeychainAccess::Outcome gone = KeychainAccess::read(TokenStore::serviceName(), kEndpoint);
        QVERIFY(!gone.ok);
        QVERIFY2(gone.notFound, qPrintable(gone.error));
    }

    void keychainSaveRemovesStaleFileCopy()
    {
        QVERIFY(TokenStore::save(kEndpoint, QStringLiteral("old"), TokenStore::Backend::File).ok);
        QVERIFY(QFile::exists(TokenStore::tokenFilePath()));
        const TokenStore::SaveResult saved = TokenStore::save(kEndpoint, kToken, TokenStore::Backend::Keychain);
        QVERIFY2(saved.ok, qPrintable(saved.error));
        QVERIFY(!QFile::exists(TokenStore::tokenFilePath()));
        QCOMPARE(TokenStore::load(kEndpoint).token, kToken);
        QCOMPARE(TokenStore::remove(kEndpoint).error(), QString());
    }

    void keychainSaveLeavesNoPlainCopyAnywhere()
    {
        // teamai-cli's files on a machine that switched: config.json token, token, apikey.
        m_env->writeFile(QStringLiteral(".teamai/local-agent/config.json"),
                         "{\"endpoint\": \"https://keychain.example.com\", \"token\": \"ref-old\"}");
        m_env->writeFile(QStringLiteral(".teamai/token"), "ref-old\n");
        m_env->writeFile(QStringLiteral(".teamai/apikey"), "ref-old\n");
        const TokenStore::SaveResult moved = TokenStore::adoptReferenceToken(kEndpoint, TokenStore::Backend::Keychain);
        QVERIFY2(moved.ok, qPrintable(moved.error));
        QCOMPARE(moved.location, Location::Keychain);
        QVERIFY(!moved.movedFrom.isEmpty());
        QVERIFY(!QFile::exists(TokenStore::tokenFilePath()));
        QVERIFY(!QFile::exists(teamai::referencetoken::apiKeyPath()));
        QVERIFY(!m_env->readFile(QStringLiteral(".teamai/local-agent/config.json")).contains("ref-old"));
        QCOMPARE(TokenStore::load(kEndpoint).token, QStringLiteral("ref-old"));
        QCOMPARE(TokenStore::load(kEndpoint).source, QStringLiteral("keychain"));

        // teamai-cli re-initialised since: its config.json token is newer than our keychain entry.
        m_env->writeFile(QStringLiteral(".teamai/local-agent/config.json"),
                         "{\"endpoint\": \"https://keychain.example.com\", \"token\": \"ref-new\"}");
        QCOMPARE(TokenStore::load(kEndpoint).token, QStringLiteral("ref-new"));
        QCOMPARE(TokenStore::load(kEndpoint).source, QStringLiteral("reference"));
        QCOMPARE(TokenStore::removeEverywhere({kEndpoint}, true).error(), QString());
        QVERIFY(KeychainAccess::read(TokenStore::serviceName(), kEndpoint).notFound);
        QVERIFY(!m_env->readFile(QStringLiteral(".teamai/local-agent/config.json")).contains("ref-new"));
    }

    void reinitForAnotherEndpointDropsTheOldEntry()
    {
        const QString other = QStringLiteral("https://new.example.com");
        QVERIFY(TokenStore::save(kEndpoint, kToken, TokenStore::Backend::Keychain).ok);
        QVERIFY(TokenStore::save(other, QStringLiteral("tok_new"), TokenStore::Backend::Keychain, kEndpoint).ok);
        QVERIFY(KeychainAccess::read(TokenStore::serviceName(), kEndpoint).notFound);
        QCOMPARE(TokenStore::load(other).token, QStringLiteral("tok_new"));
        QCOMPARE(TokenStore::remove(other).error(), QString());
    }

    void explicitFileSaveRemovesKeychainCopy()
    {
        QVERIFY(TokenStore::save(kEndpoint, kToken).ok);
        const TokenStore::SaveResult saved = TokenStore::save(kEndpoint, QStringLiteral("in-file"),
                                                              TokenStore::Backend::File);
        QVERIFY2(saved.ok, qPrintable(saved.error));
        QCOMPARE(saved.location, Location::File);
        QCOMPARE(TokenStore::load(kEndpoint).source, QStringLiteral("file"));
        QVERIFY(KeychainAccess::read(TokenStore::serviceName(), kEndpoint).notFound);
        QCOMPARE(TokenStore::remove(kEndpoint).error(), QString());
    }

    void timingsOfRawCalls()
    {
        const int rounds = 5;
        qint64 writeTotal = 0;
        qint64 readTotal = 0;
        for (int i = 0; i < rounds; ++i) {
            const KeychainAccess::Outcome w = KeychainAccess::write(TokenStore::serviceName(), kEndpoint, kToken);
            QVERIFY2(w.ok, qPrintable(w.error));
            const KeychainAccess::Outcome r = KeychainAccess::read(TokenStore::serviceName(), kEndpoint);
            QVERIFY2(r.ok, qPrintable(r.error));
            QCOMPARE(r.secret, kToken);
            writeTotal += w.elapsedMs;
            readTotal += r.elapsedMs;
        }
        QVERIFY(KeychainAccess::remove(TokenStore::serviceName(), kEndpoint).ok);
        qInfo("keychain: write %.1f ms, read %.1f ms (mean of %d)", double(writeTotal) / rounds,
              double(readTotal) / rounds, rounds);
    }

private:
    std::unique_ptr<teamai::test::TestEnvironment> m_env;
};

QTEST_GUILESS_MAIN(TestTokenStoreKeychain)
#include "tst_tokenstore_keychain.moc"
