// TokenSource, the process's one token source (issue 16): a save anywhere in the process is what
// the next reader gets, a change made by another process (its files) is seen, a credential store
// that timed out once is asked again, and generation() tells a holder of an old token to rebuild.

#include "config/AgentSettings.h"
#include "config/KeychainAccess.h"
#include "config/TokenSource.h"
#include "config/TokenStore.h"

#include "FakeKeychain.h"
#include "TestEnvironment.h"

#include <QtTest>

#include <memory>

using namespace teamai;
using Location = AgentSettings::TokenLocation;

namespace {
const QString kEndpoint = QStringLiteral("https://teamai.example.com");
}

class TestTokenSource : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<test::TestEnvironment> m_env;

private slots:
    void init()
    {
        m_env = std::make_unique<test::TestEnvironment>();
        TokenSource::invalidate();
    }
    void cleanup() { m_env.reset(); }

    void aSaveIsWhatTheNextReaderGets()
    {
        QVERIFY(TokenSource::save(kEndpoint, QStringLiteral("first"), TokenStore::Backend::File).ok);
        quint64 before = 0;
        QCOMPARE(TokenSource::current(kEndpoint, &before).token, QStringLiteral("first"));
        QVERIFY(TokenSource::save(kEndpoint, QStringLiteral("second"), TokenStore::Backend::File).ok);
        quint64 after = 0;
        QCOMPARE(TokenSource::current(kEndpoint, &after).token, QStringLiteral("second"));
        QVERIFY(after > before);
        // Asking again without a change: the same answer and the same generation.
        quint64 again = 0;
        QCOMPARE(TokenSource::current(kEndpoint, &again).token, QStringLiteral("second"));
        QCOMPARE(again, after);
    }

    void anotherProcessChangingTheFilesIsSeen()
    {
        QVERIFY(TokenSource::save(kEndpoint, QStringLiteral("mine"), TokenStore::Backend::File).ok);
        quint64 before = 0;
        QCOMPARE(TokenSource::current(kEndpoint, &before).token, QStringLiteral("mine"));
        // What `teamai init --token` in a terminal does: TokenStore directly, not this source.
        QTest::qWait(20);  // a new modification time for the rewritten files
        QVERIFY(TokenStore::save(kEndpoint, QStringLiteral("from-a-terminal-init"), TokenStore::Backend::File).ok);
        quint64 after = 0;
        QCOMPARE(TokenSource::current(kEndpoint, &after).token, QStringLiteral("from-a-terminal-init"));
        QVERIFY(after > before);
    }

    void theKeychainTokenIsReadAndATimeoutIsNotSticky()
    {
        test::FakeKeychain keychain;
        QVERIFY2(KeychainAccess::available().error().isEmpty(), qPrintable(KeychainAccess::available().error()));
        // A store that did not answer once...
        keychain.timeOutNext = 1;
        const KeychainAccess::Outcome stalled = KeychainAccess::read(TokenStore::serviceName(), kEndpoint);
        QVERIFY(stalled.timedOut);
        // ...is asked again: the save lands in the keychain, not silently in a plain file.
        const int callsBefore = keychain.calls;
        const TokenStore::SaveResult saved = TokenSource::save(kEndpoint, QStringLiteral("in-keychain"));
        QVERIFY2(saved.ok, qPrintable(saved.error));
        QVERIFY(keychain.calls > callsBefore);
        QCOMPARE(saved.location, Location::Keychain);
        QVERIFY(saved.fallbackReason.isEmpty());
        QVERIFY(!QFile::exists(TokenStore::tokenFilePath()));
        const TokenStore::Loaded loaded = TokenSource::current(kEndpoint);
        QCOMPARE(loaded.token, QStringLiteral("in-keychain"));
        QCOMPARE(loaded.source, QStringLiteral("keychain"));
    }

    void aFailedReadIsNotRemembered()
    {
        test::FakeKeychain keychain;
        QVERIFY(TokenSource::save(kEndpoint, QStringLiteral("kept"), TokenStore::Backend::Keychain).ok);
        TokenSource::invalidate();
        keychain.timeOutNext = 1;
        const TokenStore::Loaded first = TokenSource::current(kEndpoint);
        QVERIFY(first.token.isEmpty());
        QVERIFY(!first.error.isEmpty());
        QCOMPARE(TokenSource::current(kEndpoint).token, QStringLiteral("kept"));
    }
};

QTEST_GUILESS_MAIN(TestTokenSource)
#include "tst_tokensource.moc"
