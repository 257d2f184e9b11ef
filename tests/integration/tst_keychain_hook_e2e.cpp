// The hook with its token in a real Secret Service (issue 19 item 1): the first hook reads the
// keychain and fills this login session's token cache; the next one sends the same token without
// even loading the keychain module; `teamai init --token NEW` makes the next hook send NEW; a
// token the backend rejects drops the cache; `teamai uninstall` removes it. Run by ctest through
// tests/unit/config/with-keyring.sh (a private D-Bus session, an unlocked gnome-keyring and an
// XDG_RUNTIME_DIR on tmpfs).

#include "config/KeychainAccess.h"
#include "config/TokenStore.h"

#include "DevServerProcess.h"
#include "FileMode.h"
#include "TeamaiRunner.h"
#include "TestEnvironment.h"

#include <QDir>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

#include <sys/vfs.h>

using namespace teamai;
using namespace teamai::test;

namespace {

constexpr long kTmpfsMagic = 0x01021994;
const QByteArray kHookJson = R"({"session_id":"kc","hook_event_name":"SessionStart"})";

struct HookRun {
    TeamaiRun run;
    bool loadedKeychainModule = false;
    bool traced = false;  // the loader's trace was written (so "not loaded" means something)
};

} // namespace

class TestKeychainHookEndToEnd : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<TestEnvironment> m_env;
    std::unique_ptr<DevServerProcess> m_server;
    std::unique_ptr<QTemporaryDir> m_traces;

    QString runtimeDir() const { return qEnvironmentVariable("XDG_RUNTIME_DIR"); }

    QStringList cacheFiles() const
    {
        return QDir(runtimeDir()).entryList({QStringLiteral("teamai-token-*"), QStringLiteral(".teamai-token-*")},
                                            QDir::AllEntries | QDir::Hidden | QDir::System);
    }

    // A session-start hook, its libraries traced by the dynamic loader (LD_DEBUG=files).
    HookRun hook()
    {
        QDir traces(m_traces->path());
        for (const QString &old : traces.entryList(QDir::Files))
            traces.remove(old);
        HookRun result;
        result.run = runTeamai({QStringLiteral("--hook"), QStringLiteral("session-start"), QStringLiteral("--tool"),
                                QStringLiteral("claude")},
                               kHookJson, {QStringLiteral("LD_DEBUG=files"), QStringLiteral("LD_DEBUG_OUTPUT=") + traces.filePath(QStringLiteral("ld"))});
        for (const QString &name : traces.entryList(QDir::Files)) {
            QFile trace(traces.filePath(name));
            if (!trace.open(QIODevice::ReadOnly))
                continue;
            const QByteArray text = trace.readAll();
            result.traced = result.traced || text.contains("libQt6Core.so");
            result.loadedKeychainModule = result.loadedKeychainModule || text.contains("libteamai-keychain.so");
        }
        return result;
    }

    QString lastSyncAuthorization()
    {
        const QJsonArray syncs = m_server->requests(QStringLiteral("sync"));
        return syncs.isEmpty() ? QString() : syncs.last().toObject().value(QStringLiteral("authorization")).toString();
    }

    void init(const QString &token)
    {
        const TeamaiRun run = runTeamai({QStringLiteral("init"), QStringLiteral("--http"), m_server->baseUrl(),
                                         QStringLiteral("--token"), token, QStringLiteral("--token-store"),
                                         QStringLiteral("keychain")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY(m_env->readFile(QStringLiteral(".teamai/local-agent/settings.json")).contains("\"keychain\""));
        m_server->setSettings({{QStringLiteral("token"), token}});  // the backend takes the new token
    }

    // One hook: exit 0, sent @p token, and loaded the keychain module or not.
    void verifyHook(const QString &token, bool loadsModule)
    {
        const HookRun h = hook();
        QCOMPARE(h.run.exitCode, 0);
        QVERIFY(h.traced);
        QCOMPARE(lastSyncAuthorization(), QStringLiteral("Bearer ") + token);
        QCOMPARE(h.loadedKeychainModule, loadsModule);
    }

private slots:
    void initTestCase()
    {
        if (qEnvironmentVariableIsEmpty("TEAMAI_KEYRING_WRAPPED"))
            QSKIP("needs a private Secret Service: run through ctest (tests/unit/config/with-keyring.sh)");
        struct statfs fs {};
        if (::statfs(QFile::encodeName(runtimeDir()).constData(), &fs) != 0 || long(fs.f_type) != kTmpfsMagic)
            QSKIP("with-keyring.sh found no tmpfs for XDG_RUNTIME_DIR (/dev/shm): the cache is not used there");
    }

    void init()
    {
        const QByteArray bus = qgetenv("DBUS_SESSION_BUS_ADDRESS");
        m_env = std::make_unique<TestEnvironment>();
        qputenv("DBUS_SESSION_BUS_ADDRESS", bus);  // TestEnvironment clears it; these tests need it
        m_server = std::make_unique<DevServerProcess>();
        QVERIFY(m_server->isRunning());
        m_traces = std::make_unique<QTemporaryDir>();
        QVERIFY(cacheFiles().isEmpty());
    }
    void cleanup()
    {
        runTeamai({QStringLiteral("uninstall"), QStringLiteral("--force")});  // the keyring outlives the test's HOME
        waitForTeamaiProcessesWithHome(m_env->home());
        m_traces.reset();
        m_server.reset();
        m_env.reset();
    }

    void aSecondHookSendsTheCachedTokenWithoutTheKeychainModule()
    {
        init(QStringLiteral("tok-one"));
        QVERIFY(cacheFiles().isEmpty());  // a save does not fill it
        verifyHook(QStringLiteral("tok-one"), true);
        QCOMPARE(cacheFiles().size(), 1);
        QCOMPARE(fileMode(runtimeDir() + u'/' + cacheFiles().first()), 0600);
        verifyHook(QStringLiteral("tok-one"), false);
        verifyHook(QStringLiteral("tok-one"), false);

        // `teamai init --token NEW` in a terminal: the very next hook sends NEW.
        init(QStringLiteral("tok-two"));
        QVERIFY(cacheFiles().isEmpty());
        verifyHook(QStringLiteral("tok-two"), true);
        verifyHook(QStringLiteral("tok-two"), false);
        QVERIFY(!m_env->readFile(QStringLiteral(".teamai/local-agent/settings.json")).contains("tok-"));
    }

    void aRejectedTokenDropsTheCache()
    {
        init(QStringLiteral("tok-three"));
        verifyHook(QStringLiteral("tok-three"), true);
        QCOMPARE(cacheFiles().size(), 1);
        m_server->setSettings({{QStringLiteral("token"), QStringLiteral("tok-rotated")}});
        verifyHook(QStringLiteral("tok-three"), false);  // from the cache, answered 401...
        QCOMPARE(m_server->requests(QStringLiteral("sync")).last().toObject().value(QStringLiteral("status")).toInt(), 401);
        QVERIFY(cacheFiles().isEmpty());                  // ...so the cache is gone
        verifyHook(QStringLiteral("tok-three"), true);    // and the next hook asks the keychain
    }

    void uninstallRemovesTheCacheAndTheKeychainEntry()
    {
        init(QStringLiteral("tok-four"));
        verifyHook(QStringLiteral("tok-four"), true);
        QCOMPARE(cacheFiles().size(), 1);
        const TeamaiRun run = runTeamai({QStringLiteral("uninstall"), QStringLiteral("--force")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY(cacheFiles().isEmpty());
        const KeychainAccess::Outcome entry = KeychainAccess::read(TokenStore::serviceName(), m_server->baseUrl());
        QVERIFY2(entry.notFound, qPrintable(entry.error));
    }
};

QTEST_GUILESS_MAIN(TestKeychainHookEndToEnd)
#include "tst_keychain_hook_e2e.moc"
