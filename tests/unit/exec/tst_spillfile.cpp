#include "exec/SpillFile.h"

#include "FileTree.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

using teamai::Status;
using teamai::exec::SpillFile;

/// @brief Spill files are private (0700 folder, 0600 file, random name) and expire.
class TestSpillFile : public QObject
{
    Q_OBJECT
private slots:
    void createsPrivateFileInPrivateFolder()
    {
        QTemporaryDir root;
        const QString dir = root.path() + QStringLiteral("/spill");
        SpillFile a;
        SpillFile b;
        const Status openedA = a.open(dir);
        QVERIFY2(openedA, qPrintable(openedA.error()));
        const Status openedB = b.open(dir);
        QVERIFY2(openedB, qPrintable(openedB.error()));
        QVERIFY(a.path() != b.path());
        QVERIFY(QFileInfo(a.path()).fileName().startsWith(QLatin1String("exec-")));
        QVERIFY(a.write("hello"));
        QVERIFY(a.close());
        QVERIFY(b.close());

        const auto ownerRw = QFile::ReadOwner | QFile::WriteOwner;
        const auto fileMask = QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup
            | QFile::WriteGroup | QFile::ExeGroup | QFile::ReadOther | QFile::WriteOther | QFile::ExeOther;
        QCOMPARE(QFile::permissions(a.path()) & fileMask, ownerRw);
        QCOMPARE(QFile::permissions(dir) & fileMask, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        QFile file(a.path());
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), QByteArray("hello"));
    }

    void failsWhenFolderCannotBeCreated()
    {
        QTemporaryDir root;
        const QString blocker = root.path() + QStringLiteral("/file");
        QVERIFY(teamai::test::writeFileAt(blocker, {}));  // a file where the folder would be
        SpillFile spill;
        const Status opened = spill.open(blocker + QStringLiteral("/spill"));
        QVERIFY(!opened);
        QVERIFY(!opened.error().isEmpty());
        QVERIFY(!spill.isOpen());
    }

    void removesOnlyOldSpillFiles()
    {
        QTemporaryDir root;
        const QString dir = root.path();
        auto make = [&](const QString &name, int ageDays) {
            QFile file(dir + u'/' + name);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("x");
            file.flush(); // or closing would write and touch the time again
            QVERIFY(file.setFileTime(QDateTime::currentDateTimeUtc().addDays(-ageDays),
                                     QFileDevice::FileModificationTime));
        };
        make(QStringLiteral("exec-old.spill"), 8);
        make(QStringLiteral("exec-new.spill"), 1);
        make(QStringLiteral("unrelated-old.txt"), 30);
        QCOMPARE(SpillFile::removeOlderThan(dir, 7), 1);
        QVERIFY(!QFile::exists(dir + QStringLiteral("/exec-old.spill")));
        QVERIFY(QFile::exists(dir + QStringLiteral("/exec-new.spill")));
        QVERIFY(QFile::exists(dir + QStringLiteral("/unrelated-old.txt")));
        QCOMPARE(SpillFile::removeOlderThan(dir + QStringLiteral("/missing"), 7), 0);
    }
};

QTEST_GUILESS_MAIN(TestSpillFile)
#include "tst_spillfile.moc"
