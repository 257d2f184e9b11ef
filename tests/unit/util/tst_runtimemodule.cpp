// RuntimeModule: the keychain and archive modules load on first use only, from this build, and a
// missing module or entry point is a clear error.

#include "config/KeychainBackend.h"
#include "config/TokenStore.h"
#include "util/RuntimeModule.h"
#include "resources/ArchiveReader.h"
#include "resources/SafeArchive.h"

#include "TestEnvironment.h"

#include <QtTest>


using namespace teamai;

namespace {

// Whether the module's file is mapped into this process.
bool isLoaded(const char *module)
{
    QFile maps(QStringLiteral("/proc/self/maps"));
    return maps.open(QIODevice::ReadOnly) && maps.readAll().contains(QFile::encodeName(RuntimeModule::fileName(module)));
}

} // namespace

class TestRuntimeModule : public QObject
{
    Q_OBJECT
private slots:
    // Runs first: nothing in this process has used a keychain or an archive yet.
    void aFileTokenLoadsNoModule()
    {
        test::TestEnvironment env;
        const QString endpoint = QStringLiteral("http://127.0.0.1:9");
        QVERIFY(TokenStore::save(endpoint, QStringLiteral("secret-token"), TokenStore::Backend::File).ok);
        QCOMPARE(TokenStore::load(endpoint).token, QStringLiteral("secret-token"));
        QVERIFY(!isLoaded("keychain"));
        QVERIFY(!isLoaded("archive"));
    }

    void anArchiveLoadsTheArchiveModuleOnly()
    {
        test::TestEnvironment env;
        const QString notAnArchive = env.writeFile(QStringLiteral("plain.txt"), "hello");
        const resources::ArchiveScan scan = resources::SafeArchive::scan(notAnArchive);
        QVERIFY(!scan.ok);
        QVERIFY2(scan.error.startsWith(QStringLiteral("Not a zip archive")), qPrintable(scan.error));
        QVERIFY(isLoaded("archive"));
        QVERIFY(!isLoaded("keychain"));
    }

    void entryPointsOfThisBuildResolve()
    {
        const Result<void *> archive = RuntimeModule::resolve("archive", resources::kArchiveReaderSymbol);
        QVERIFY2(archive && *archive, qPrintable(archive.error()));
        const Result<void *> keychain = RuntimeModule::resolve("keychain", kKeychainBackendSymbol);
        QVERIFY2(keychain && *keychain, qPrintable(keychain.error()));
    }

    void aMissingModuleIsAClearError()
    {
        const Result<void *> first = RuntimeModule::resolve("no-such", "anything");
        QVERIFY(!first);
        QString error = first.error();
        QVERIFY2(error.contains(QStringLiteral("libteamai-no-such.so")) && error.contains(QStringLiteral("not installed")),
                 qPrintable(error));
        const Result<void *> again = RuntimeModule::resolve("no-such", "anything");  // remembered, same answer
        QVERIFY(!again);
        QVERIFY(again.error().contains(QStringLiteral("not installed")));
    }

    void aModuleOfAnotherInterfaceVersionIsRefused()
    {
        const Result<void *> old = RuntimeModule::resolve("archive", "teamai_open_archive_v0");
        QVERIFY(!old);
        QVERIFY2(old.error().contains(QStringLiteral("another version")), qPrintable(old.error()));
    }
};

QTEST_GUILESS_MAIN(TestRuntimeModule)
#include "tst_runtimemodule.moc"
