#include "exec/StreamCapture.h"

#include "FileTree.h"

#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QtTest>

using teamai::exec::StreamCapture;
using teamai::test::readFileAt;

/// @brief StreamCapture: in memory up to the cap, then tail in memory + complete spill file.
class TestStreamCapture : public QObject
{
    Q_OBJECT
private slots:
    void smallStreamStaysInMemory()
    {
        QTemporaryDir root;
        StreamCapture capture(100, root.path() + QStringLiteral("/spill"));
        capture.append("hello ");
        capture.append("world");
        const auto result = capture.finish();
        QCOMPARE(result.text, QByteArray("hello world"));
        QVERIFY(!result.truncated);
        QVERIFY(result.spillPath.isEmpty());
        QCOMPARE(result.totalBytes, 11);
        QVERIFY(!QFile::exists(root.path() + QStringLiteral("/spill"))); // not even the folder
    }

    void exactlyTheCapIsNotTruncated()
    {
        QTemporaryDir root;
        StreamCapture capture(4, root.path());
        capture.append("abcd");
        const auto result = capture.finish();
        QVERIFY(!result.truncated);
        QCOMPARE(result.text, QByteArray("abcd"));
    }

    void pastTheCapSpillsTheWholeStream()
    {
        QTemporaryDir root;
        QRandomGenerator rng(7);
        QByteArray all;
        StreamCapture capture(1000, root.path() + QStringLiteral("/spill"));
        while (all.size() < 50000) {
            QByteArray chunk(rng.bounded(1, 3000), Qt::Uninitialized);
            for (char &c : chunk)
                c = char(rng.bounded(256));
            all += chunk;
            capture.append(chunk);
        }
        const auto result = capture.finish();
        QVERIFY(result.truncated);
        QCOMPARE(result.totalBytes, all.size());
        QCOMPARE(result.text, all.right(1000));
        QVERIFY(!result.spillPath.isEmpty());
        QCOMPARE(readFileAt(result.spillPath), all);
    }

    void spillFailureKeepsTheTail()
    {
        QTemporaryDir root;
        const QString blocker = root.path() + QStringLiteral("/file");
        QVERIFY(teamai::test::writeFileAt(blocker, {}));  // a file where the folder would be
        StreamCapture capture(3, blocker + QStringLiteral("/spill"));
        capture.append("abcdef");
        const auto result = capture.finish();
        QVERIFY(result.truncated);
        QVERIFY(result.spillPath.isEmpty());
        QCOMPARE(result.text, QByteArray("def"));
        QCOMPARE(result.totalBytes, 6);
    }
};

QTEST_GUILESS_MAIN(TestStreamCapture)
#include "tst_streamcapture.moc"
