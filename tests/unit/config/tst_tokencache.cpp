// TokenCache, the login session's copy of the keychain token (issue 19 item 1): a hit loads no
// keychain module; the cache lives only in a private in-memory runtime folder; every change of
// the token, its endpoint or its generation, an expired entry and invalidate() make the next read
// ask the credential store; anything damaged or foreign is ignored and replaced; nothing is
// written for a token from TEAMAI_TOKEN or the file store. Against a stand-in credential store
// (FakeKeychain); tst_tokenstore_keychain and tst_keychain_hook_e2e use a real one.

#include "config/AgentSettings.h"
#include "config/KeychainAccess.h"
#include "config/TokenCache.h"
#include "config/TokenSource.h"
#include "config/TokenStore.h"
#include "util/RuntimeModule.h"

#include "FakeKeychain.h"
#include "FileMode.h"
#include "TestEnvironment.h"

#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

#include <sys/stat.h>
#include <sys/vfs.h>
#include <time.h>
#include <unistd.h>

using namespace teamai;
using Location = AgentSettings::TokenLocation;

namespace {

const QString kEndpoint = QStringLiteral("https://teamai.example.com");
const QString kOtherEndpoint = QStringLiteral("https://other.example.com");
constexpr long kTmpfsMagic = 0x01021994;

bool onTmpfs(const QString &path)
{
    struct statfs fs {};
    return ::statfs(QFile::encodeName(path).constData(), &fs) == 0 && long(fs.f_type) == kTmpfsMagic;
}

bool keychainModuleMapped()
{
    QFile maps(QStringLiteral("/proc/self/maps"));
    return maps.open(QIODevice::ReadOnly) && maps.readAll().contains(QFile::encodeName(RuntimeModule::fileName("keychain")));
}

qint64 bootTimeMs()
{
    timespec now{};
    ::clock_gettime(CLOCK_BOOTTIME, &now);
    return qint64(now.tv_sec) * 1000 + now.tv_nsec / 1000000;
}

QJsonObject readJson(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(file.readAll()).object() : QJsonObject();
}

void writeBytes(const QString &path, const QByteArray &bytes, int mode = 0600)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(file.write(bytes), bytes.size());
    file.close();
    QCOMPARE(::chmod(QFile::encodeName(path).constData(), mode_t(mode)), 0);
}

} // namespace

class TestTokenCache : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<test::TestEnvironment> m_env;
    std::unique_ptr<QTemporaryDir> m_runtime;  // a private folder on tmpfs, as /run/user/UID is

    QString cacheFile() const
    {
        const Result<QString> path = TokenCache::path();
        return path ? *path : QString();
    }
    // Everything in the runtime folder, hidden files (temporaries) included.
    QStringList runtimeEntries() const
    {
        return QDir(m_runtime->path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
    }
    // The token saved in the (fake) keychain and read once: the cache holds it afterwards.
    void saveInKeychainAndRead(const QString &token, const QString &endpoint = kEndpoint)
    {
        const TokenStore::SaveResult saved = TokenStore::save(endpoint, token, TokenStore::Backend::Keychain);
        QVERIFY2(saved.ok, qPrintable(saved.error));
        const TokenStore::Loaded loaded = TokenStore::load(endpoint);
        QCOMPARE(loaded.token, token);
        QVERIFY(!loaded.fromSessionCache);
        QVERIFY(QFile::exists(cacheFile()));
    }
    // load() answers @p token, read from the keychain itself (one more call), not the cache.
    void verifyKeychainRead(test::FakeKeychain &keychain, const QString &token, const QString &endpoint = kEndpoint)
    {
        const int before = keychain.calls;
        const TokenStore::Loaded loaded = TokenStore::load(endpoint);
        QCOMPARE(loaded.token, token);
        QCOMPARE(loaded.source, QStringLiteral("keychain"));
        QVERIFY(!loaded.fromSessionCache);
        QCOMPARE(keychain.calls, before + 1);
    }
    void verifyCacheHit(test::FakeKeychain &keychain, const QString &token)
    {
        const int before = keychain.calls;
        const TokenStore::Loaded loaded = TokenStore::load(kEndpoint);
        QCOMPARE(loaded.token, token);
        QVERIFY(loaded.fromSessionCache);
        QCOMPARE(keychain.calls, before);
    }
    void rewriteEntry(const char *field, const QJsonValue &value)
    {
        QJsonObject entry = readJson(cacheFile());
        QVERIFY(!entry.isEmpty());
        entry.insert(QLatin1String(field), value);
        writeBytes(cacheFile(), QJsonDocument(entry).toJson());
    }

private slots:
    void initTestCase()
    {
        if (!QFileInfo(QStringLiteral("/dev/shm")).isDir() || !onTmpfs(QStringLiteral("/dev/shm")))
            QSKIP("needs /dev/shm on tmpfs for a runtime folder like /run/user/UID");
    }

    void init()
    {
        m_env = std::make_unique<test::TestEnvironment>();
        m_runtime = std::make_unique<QTemporaryDir>(QStringLiteral("/dev/shm/teamai-tst-runtime-XXXXXX"));
        QVERIFY(m_runtime->isValid());
        QCOMPARE(test::fileMode(m_runtime->path()), 0700);
        qputenv("XDG_RUNTIME_DIR", QFile::encodeName(m_runtime->path()));
        TokenSource::invalidate();
    }
    void cleanup()
    {
        m_runtime.reset();
        m_env.reset();
        qunsetenv("XDG_RUNTIME_DIR");
    }

    // Runs first: nothing in this process has loaded the keychain module yet.
    void aHitLoadsNoKeychainModule()
    {
        // A session bus address, so a miss would load the module and ask QtKeychain.
        qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/teamai-test-bus");
        QVERIFY(AgentSettings::update([](AgentSettings &s) {
            s.setTokenLocation(Location::Keychain);
            s.renewTokenGeneration();
        }).ok());
        const QString generation = AgentSettings::load().settings.tokenGeneration();
        QCOMPARE(generation.size(), 32);
        QVERIFY(TokenCache::write(kEndpoint, generation, QStringLiteral("tok-from-the-cache")).ok());

        const TokenStore::Loaded loaded = TokenSource::current(kEndpoint + QStringLiteral("/"));
        QCOMPARE(loaded.token, QStringLiteral("tok-from-the-cache"));
        QCOMPARE(loaded.source, QStringLiteral("keychain"));
        QVERIFY(loaded.fromSessionCache);
        QVERIFY(!keychainModuleMapped());
        QCOMPARE(KeychainAccess::jobsCreated(), 0);
        qunsetenv("DBUS_SESSION_BUS_ADDRESS");
    }

    void aKeychainReadFillsTheCacheAndTheNextReadUsesIt()
    {
        test::FakeKeychain keychain;
        QVERIFY(TokenStore::save(kEndpoint, QStringLiteral("tok-1"), TokenStore::Backend::Keychain).ok);
        QVERIFY(runtimeEntries().isEmpty());  // a save never fills the cache
        verifyKeychainRead(keychain, QStringLiteral("tok-1"));
        QCOMPARE(runtimeEntries().size(), 1);  // the entry, no temporary left
        QCOMPARE(test::fileMode(cacheFile()), 0600);
        QCOMPARE(test::fileMode(m_runtime->path()), 0700);
        const QJsonObject entry = readJson(cacheFile());
        QCOMPARE(entry.value(QStringLiteral("endpoint")).toString(), kEndpoint);
        QCOMPARE(entry.value(QStringLiteral("generation")).toString(), AgentSettings::load().settings.tokenGeneration());
        verifyCacheHit(keychain, QStringLiteral("tok-1"));
        verifyCacheHit(keychain, QStringLiteral("tok-1"));
    }

    void eachTeamaiHomeHasItsOwnEntry()
    {
        test::FakeKeychain keychain;
        saveInKeychainAndRead(QStringLiteral("tok-home-a"));
        const QString first = cacheFile();
        test::TestEnvironment second;  // another TEAMAI_HOME in the same session
        qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/fake-keychain");  // cleared by TestEnvironment
        QVERIFY(cacheFile() != first);
        QVERIFY(TokenStore::save(kEndpoint, QStringLiteral("tok-home-b"), TokenStore::Backend::Keychain).ok);
        verifyKeychainRead(keychain, QStringLiteral("tok-home-b"));
        QVERIFY(QFile::exists(first));
    }

    void notUsedOutsideAPrivateInMemoryFolder_data()
    {
        QTest::addColumn<QString>("setup");
        QTest::newRow("XDG_RUNTIME_DIR unset") << "unset";
        QTest::newRow("relative path") << "relative";
        QTest::newRow("missing folder") << "missing";
        QTest::newRow("mode 0755") << "0755";
        QTest::newRow("mode 0711") << "0711";
        QTest::newRow("a symbolic link to a private tmpfs folder") << "symlink";
        QTest::newRow("a file, not a folder") << "file";
        QTest::newRow("owned by another user") << "chown";
        QTest::newRow("on a persistent filesystem") << "disk";
    }
    void notUsedOutsideAPrivateInMemoryFolder()
    {
        QFETCH(QString, setup);
        const QString runtime = m_runtime->path();
        QString dir = runtime;
        if (setup == QLatin1String("unset")) {
            dir.clear();
        } else if (setup == QLatin1String("relative")) {
            dir = QStringLiteral("run/user/1000");
        } else if (setup == QLatin1String("missing")) {
            dir = runtime + QStringLiteral("/gone");
        } else if (setup == QLatin1String("0755") || setup == QLatin1String("0711")) {
            QVERIFY(::chmod(QFile::encodeName(runtime).constData(), mode_t(setup.toInt(nullptr, 8))) == 0);
        } else if (setup == QLatin1String("symlink")) {
            dir = m_env->home() + QStringLiteral("/runtime-link");
            QVERIFY(QFile::link(runtime, dir));
        } else if (setup == QLatin1String("file")) {
            dir = runtime + QStringLiteral("/plain-file");
            writeBytes(dir, "x");
        } else if (setup == QLatin1String("chown")) {
            if (::geteuid() != 0)
                QSKIP("changing the owner needs root");
            QVERIFY(::chown(QFile::encodeName(runtime).constData(), 65534, 65534) == 0);
        } else if (setup == QLatin1String("disk")) {
            dir = m_env->home() + QStringLiteral("/runtime-on-disk");
            QVERIFY(QDir().mkpath(dir));
            QVERIFY(::chmod(QFile::encodeName(dir).constData(), 0700) == 0);
            if (onTmpfs(dir))
                QSKIP("the temporary HOME is on tmpfs here: no persistent filesystem to try");
        }
        if (dir.isEmpty())
            qunsetenv("XDG_RUNTIME_DIR");
        else
            qputenv("XDG_RUNTIME_DIR", QFile::encodeName(dir));

        test::FakeKeychain keychain;
        QVERIFY(TokenStore::save(kEndpoint, QStringLiteral("tok-nocache"), TokenStore::Backend::Keychain).ok);
        QVERIFY(!TokenCache::path().ok());
        QVERIFY(!TokenCache::path().error().isEmpty());
        verifyKeychainRead(keychain, QStringLiteral("tok-nocache"));
        verifyKeychainRead(keychain, QStringLiteral("tok-nocache"));
        QVERIFY(::chown(QFile::encodeName(runtime).constData(), ::geteuid(), ::getegid()) == 0);
        QVERIFY(::chmod(QFile::encodeName(runtime).constData(), 0700) == 0);
        const QStringList left = runtimeEntries();
        QVERIFY2(left.isEmpty() || left == QStringList{QStringLiteral("plain-file")}, qPrintable(left.join(u' ')));
        if (setup == QLatin1String("disk"))
            QVERIFY(QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot).isEmpty());
    }

    void aTokenSavedByAnotherProcessIsReadFromTheKeychain()
    {
        test::FakeKeychain keychain;
        saveInKeychainAndRead(QStringLiteral("tok-old"));
        // What `teamai init --token NEW` or the tray's Settings does in another process.
        QVERIFY(TokenStore::save(kEndpoint, QStringLiteral("tok-new"), TokenStore::Backend::Keychain).ok);
        QVERIFY(!QFile::exists(cacheFile()));
        verifyKeychainRead(keychain, QStringLiteral("tok-new"));
        verifyCacheHit(keychain, QStringLiteral("tok-new"));
    }

    void anEntryOfAnEarlierGenerationNeverAnswers()
    {
        // A process that read the old token just before a save writes its entry after the save
        // dropped the cache: the entry carries the old generation and must not answer.
        test::FakeKeychain keychain;
        saveInKeychainAndRead(QStringLiteral("tok-before"));
        QFile old(cacheFile());
        QVERIFY(old.open(QIODevice::ReadOnly));
        const QByteArray stale = old.readAll();
        old.close();
        QVERIFY(TokenStore::save(kEndpoint, QStringLiteral("tok-after"), TokenStore::Backend::Keychain).ok);
        writeBytes(cacheFile(), stale);
        verifyKeychainRead(keychain, QStringLiteral("tok-after"));
        QCOMPARE(readJson(cacheFile()).value(QStringLiteral("generation")).toString(),
                 AgentSettings::load().settings.tokenGeneration());
    }

    void aRemovedTokenIsNeitherCachedNorServed()
    {
        test::FakeKeychain keychain;
        saveInKeychainAndRead(QStringLiteral("tok-gone"));
        const Status removed = TokenStore::remove(kEndpoint);
        QVERIFY2(removed, qPrintable(removed.error()));
        QVERIFY(!QFile::exists(cacheFile()));
        QVERIFY(TokenStore::load(kEndpoint).token.isEmpty());
        // Uninstall's removal, whatever the recorded location, drops it too.
        saveInKeychainAndRead(QStringLiteral("tok-gone-2"));
        const Status removedEverywhere = TokenStore::removeEverywhere({kEndpoint}, true);
        QVERIFY2(removedEverywhere, qPrintable(removedEverywhere.error()));
        QVERIFY(!QFile::exists(cacheFile()));
        QVERIFY(runtimeEntries().isEmpty());
    }

    void anotherEndpointIsReadFromTheKeychain()
    {
        test::FakeKeychain keychain;
        saveInKeychainAndRead(QStringLiteral("tok-endpoint-a"));
        QVERIFY(keychain.write({}, kOtherEndpoint, QStringLiteral("tok-endpoint-b"), 1000).ok);
        verifyKeychainRead(keychain, QStringLiteral("tok-endpoint-b"), kOtherEndpoint);
        QCOMPARE(readJson(cacheFile()).value(QStringLiteral("endpoint")).toString(), kOtherEndpoint);
        verifyKeychainRead(keychain, QStringLiteral("tok-endpoint-a"));
    }

    void anExpiredEntryIsReadFromTheKeychain()
    {
        test::FakeKeychain keychain;
        saveInKeychainAndRead(QStringLiteral("tok-aging"));
        const qint64 lifetimeMs = std::chrono::milliseconds(TokenCache::kLifetime).count();
        rewriteEntry("storedAtBootMs", double(bootTimeMs() - lifetimeMs + 60000));  // a minute left
        verifyCacheHit(keychain, QStringLiteral("tok-aging"));
        rewriteEntry("storedAtBootMs", double(bootTimeMs() - lifetimeMs - 1));
        verifyKeychainRead(keychain, QStringLiteral("tok-aging"));
        rewriteEntry("storedAtBootMs", double(bootTimeMs() + 60000));  // from the future: forged
        verifyKeychainRead(keychain, QStringLiteral("tok-aging"));
        verifyCacheHit(keychain, QStringLiteral("tok-aging"));
    }

    void invalidateMakesEveryReaderAskTheKeychain()
    {
        test::FakeKeychain keychain;
        saveInKeychainAndRead(QStringLiteral("tok-rejected"));
        TokenSource::invalidate();  // what a 401 from the backend leads to
        QVERIFY(!QFile::exists(cacheFile()));
        verifyKeychainRead(keychain, QStringLiteral("tok-rejected"));
    }

    void aDamagedOrForeignEntryIsIgnoredAndReplaced_data()
    {
        QTest::addColumn<QString>("damage");
        for (const char *damage : {"empty", "short", "not json", "other home", "no generation", "empty token",
                                   "other format", "mode 0644", "mode 0400", "symlink", "hard link", "fifo", "folder",
                                   "too large"})
            QTest::newRow(damage) << QString::fromLatin1(damage);
    }
    void aDamagedOrForeignEntryIsIgnoredAndReplaced()
    {
        QFETCH(QString, damage);
        test::FakeKeychain keychain;
        saveInKeychainAndRead(QStringLiteral("tok-real"));
        const QString file = cacheFile();
        const QByteArray good = [&] { QFile f(file); return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray(); }();
        QJsonObject forged = readJson(file);
        forged.insert(QStringLiteral("token"), QStringLiteral("tok-forged"));
        const QString elsewhere = m_runtime->path() + QStringLiteral("/elsewhere");
        QVERIFY(QFile::remove(file));
        if (damage == QLatin1String("empty")) {
            writeBytes(file, {});
        } else if (damage == QLatin1String("short")) {
            writeBytes(file, good.left(good.size() / 2));
        } else if (damage == QLatin1String("not json")) {
            writeBytes(file, "tok-forged\n");
        } else if (damage == QLatin1String("other home")) {
            forged.insert(QStringLiteral("home"), QStringLiteral("/somewhere/else/.teamai"));
            writeBytes(file, QJsonDocument(forged).toJson());
        } else if (damage == QLatin1String("no generation")) {
            forged.remove(QStringLiteral("generation"));
            writeBytes(file, QJsonDocument(forged).toJson());
        } else if (damage == QLatin1String("empty token")) {
            forged.insert(QStringLiteral("token"), QString());
            writeBytes(file, QJsonDocument(forged).toJson());
        } else if (damage == QLatin1String("other format")) {
            forged.insert(QStringLiteral("format"), 2);
            writeBytes(file, QJsonDocument(forged).toJson());
        } else if (damage == QLatin1String("mode 0644")) {
            writeBytes(file, QJsonDocument(forged).toJson(), 0644);
        } else if (damage == QLatin1String("mode 0400")) {
            writeBytes(file, QJsonDocument(forged).toJson(), 0400);
        } else if (damage == QLatin1String("symlink")) {
            writeBytes(elsewhere, QJsonDocument(forged).toJson());
            QVERIFY(QFile::link(elsewhere, file));
        } else if (damage == QLatin1String("hard link")) {
            writeBytes(elsewhere, QJsonDocument(forged).toJson());
            QCOMPARE(::link(QFile::encodeName(elsewhere).constData(), QFile::encodeName(file).constData()), 0);
        } else if (damage == QLatin1String("fifo")) {
            QCOMPARE(::mkfifo(QFile::encodeName(file).constData(), 0600), 0);
        } else if (damage == QLatin1String("folder")) {
            QVERIFY(QDir().mkdir(file));
        } else if (damage == QLatin1String("too large")) {
            forged.insert(QStringLiteral("padding"), QString(20000, u'x'));
            writeBytes(file, QJsonDocument(forged).toJson());
        }

        verifyKeychainRead(keychain, QStringLiteral("tok-real"));
        if (damage == QLatin1String("folder")) {
            QVERIFY(QFileInfo(file).isDir());  // not ours to empty: the cache just stays unused
            verifyKeychainRead(keychain, QStringLiteral("tok-real"));
            return;
        }
        // Replaced by a good entry of our own: a plain 0600 file, used by the next read.
        const QFileInfo replaced(file);
        QVERIFY(replaced.isFile() && !replaced.isSymLink());
        QCOMPARE(test::fileMode(file), 0600);
        verifyCacheHit(keychain, QStringLiteral("tok-real"));
        if (QFileInfo::exists(elsewhere))
            QVERIFY(readJson(elsewhere).value(QStringLiteral("token")).toString() == QStringLiteral("tok-forged"));
    }

    void neverWrittenForATokenFromTheEnvironmentOrTheFileStore()
    {
        test::FakeKeychain keychain;
        qputenv("TEAMAI_TOKEN", "tok-env");
        QVERIFY(TokenStore::save(kEndpoint, QStringLiteral("tok-kc"), TokenStore::Backend::Keychain).ok);
        QCOMPARE(TokenStore::load(kEndpoint).token, QStringLiteral("tok-env"));
        QCOMPARE(TokenSource::current(kEndpoint).source, QStringLiteral("env"));
        qunsetenv("TEAMAI_TOKEN");
        QVERIFY(runtimeEntries().isEmpty());

        QVERIFY(TokenStore::save(kEndpoint, QStringLiteral("tok-file"), TokenStore::Backend::File).ok);
        QCOMPARE(TokenStore::load(kEndpoint).source, QStringLiteral("file"));
        QCOMPARE(TokenStore::load(kEndpoint).token, QStringLiteral("tok-file"));
        QVERIFY(runtimeEntries().isEmpty());

        // teamai-cli's files on a machine that just switched (location none).
        QVERIFY(TokenStore::remove(kEndpoint).ok());
        m_env->writeFile(QStringLiteral(".teamai/token"), "tok-reference\n");
        QCOMPARE(TokenStore::load(kEndpoint).source, QStringLiteral("reference"));
        QVERIFY(runtimeEntries().isEmpty());
    }

    void theDoctorsBypassAsksTheKeychainAndRefills()
    {
        test::FakeKeychain keychain;
        saveInKeychainAndRead(QStringLiteral("tok-doctor"));
        const int before = keychain.calls;
        const TokenStore::Loaded loaded = TokenStore::load(kEndpoint, TokenStore::Cache::Bypass);
        QCOMPARE(loaded.token, QStringLiteral("tok-doctor"));
        QVERIFY(!loaded.fromSessionCache);
        QCOMPARE(keychain.calls, before + 1);
        verifyCacheHit(keychain, QStringLiteral("tok-doctor"));
    }
};

QTEST_GUILESS_MAIN(TestTokenCache)
#include "tst_tokencache.moc"
