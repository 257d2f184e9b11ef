#include "exec/DetachedStart.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace teamai::exec;

/// @brief startDetached starts only absolute paths, in the given folder, and says why it could
/// not start something.
class TestDetachedStart : public QObject
{
    Q_OBJECT
private slots:
    void startsTheProgramInItsFolderAndOutlivesTheCall()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        // touch with a relative name: the file lands in the working directory given.
        const DetachedStarted started = startDetached({QStringLiteral("/usr/bin/touch"), {QStringLiteral("started")}, dir.path()});
        QVERIFY2(started.ok(), qPrintable(started.error));
        QVERIFY(started.pid > 0);
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(dir.filePath(QStringLiteral("started"))), 10000);
    }

    void aRelativeProgramIsRefusedAndNothingStarts()
    {
        QTemporaryDir dir;
        const DetachedStarted started = startDetached({QStringLiteral("touch"), {dir.filePath(QStringLiteral("x"))}, dir.path()});
        QVERIFY(!started.ok());
        QVERIFY(started.error.contains(QStringLiteral("absolute")));
        QCOMPARE(started.pid, qint64(0));
        QTest::qWait(200);
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("x"))));
    }

    void aMissingProgramIsAnError()
    {
        QTemporaryDir dir;
        const DetachedStarted started = startDetached({dir.filePath(QStringLiteral("no-such-program")), {}, dir.path()});
        QVERIFY(!started.ok());
        QCOMPARE(started.pid, qint64(0));
    }
};

QTEST_GUILESS_MAIN(TestDetachedStart)
#include "tst_detachedstart.moc"
