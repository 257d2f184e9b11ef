// SafeArchive: hostile entries refuse the whole archive before anything is written; safe ones
// extract with our own writer, prefix stripped.

#include "resources/SafeArchive.h"
#include "FileTree.h"
#include "TestArchives.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using teamai::Result;
using teamai::Status;
using namespace teamai::resources;
using namespace teamai::test;

class TestSafeArchive : public QObject
{
    Q_OBJECT
private:
    ScratchFiles m_archives;

    QString write(const QByteArray &bytes) { return m_archives.write(bytes, QStringLiteral("archive")); }

private slots:
    void scanListsSafeEntries()
    {
        const QString path = write(makeArchive({dirEntry(QStringLiteral("skill/")),
                                                fileEntry(QStringLiteral("skill/SKILL.md"), "---\nname: x\n---\n"),
                                                fileEntry(QStringLiteral("./skill/ref/notes.md"), "notes")}));
        QVERIFY(SafeArchive::looksLikeArchive(path));
        const ArchiveScan scan = SafeArchive::scan(path);
        QVERIFY2(scan.ok, qPrintable(scan.error));
        QCOMPARE(scan.entries.size(), 3);
        QCOMPARE(scan.entries.at(0).path, QStringLiteral("skill"));
        QVERIFY(scan.entries.at(0).isDir);
        QCOMPARE(scan.entries.at(2).path, QStringLiteral("skill/ref/notes.md"));
    }

    void hostileEntriesAreRefused_data()
    {
        QTest::addColumn<QByteArray>("archive");
        QTest::addColumn<QString>("error");
        const TestEntry skill = fileEntry(QStringLiteral("skill/SKILL.md"), "---\nname: x\n---\n");
        QTest::newRow("dotdot") << makeArchive({skill, fileEntry(QStringLiteral("../evil.txt"), "x")})
                                << QStringLiteral("Unsafe archive entry: ../evil.txt");
        QTest::newRow("dotdot inside") << makeArchive({skill, fileEntry(QStringLiteral("skill/../../evil.txt"), "x")})
                                       << QStringLiteral("Unsafe archive entry: skill/../../evil.txt");
        // libarchive's zip reader may already turn `\` into `/`; either way it is refused.
        QTest::newRow("backslash dotdot") << makeArchive({skill, fileEntry(QStringLiteral("..\\evil.txt"), "x")})
                                          << QStringLiteral("Unsafe archive entry: ../evil.txt");
        QTest::newRow("absolute") << makeArchive({skill, fileEntry(QStringLiteral("/tmp/evil.txt"), "x")})
                                  << QStringLiteral("Unsafe archive entry: /tmp/evil.txt");
        QTest::newRow("drive letter") << makeArchive({skill, fileEntry(QStringLiteral("C:/evil.txt"), "x")})
                                      << QStringLiteral("Unsafe archive entry: C:/evil.txt");
        QTest::newRow("symlink") << makeArchive({skill, linkEntry(QStringLiteral("skill/link"), QStringLiteral("/etc/passwd"))})
                                 << QStringLiteral("Unsafe archive entry: skill/link (symbolic link)");
        QTest::newRow("hardlink tar") << makeArchive({skill, linkEntry(QStringLiteral("skill/hard"), QStringLiteral("/etc/passwd"), true)}, true)
                                      << QStringLiteral("Unsafe archive entry: skill/hard (hard link)");
        QTest::newRow("symlink tar") << makeArchive({skill, linkEntry(QStringLiteral("skill/link"), QStringLiteral("../.."))}, true)
                                     << QStringLiteral("Unsafe archive entry: skill/link (symbolic link)");
    }
    void hostileEntriesAreRefused()
    {
        QFETCH(QByteArray, archive);
        QFETCH(QString, error);
        const QString path = write(archive);
        const ArchiveScan scan = SafeArchive::scan(path);
        QVERIFY(!scan.ok);
        QCOMPARE(QString(scan.error).replace(u'\\', u'/'), error);
        QVERIFY(scan.entries.isEmpty());

        // extract() re-checks everything: not even the safe first entry is written.
        QTemporaryDir out;
        const Status extracted = SafeArchive::extract(path, QString(), out.path());
        QVERIFY(!extracted);
        QCOMPARE(extracted.error().replace(u'\\', u'/'), error);
        QCOMPARE(treeOf(out.path()), QStringList());
    }

    void notAnArchive()
    {
        const QString path = write("# just markdown\n");
        QVERIFY(!SafeArchive::looksLikeArchive(path));
        const ArchiveScan scan = SafeArchive::scan(path);
        QVERIFY(!scan.ok);
        QVERIFY2(scan.error.startsWith(QStringLiteral("Not a zip archive")), qPrintable(scan.error));
    }

    void extractStripsThePrefixAndTakesOnlyItsFolder()
    {
        const QString path = write(makeArchive({dirEntry(QStringLiteral("package/")),
                                                fileEntry(QStringLiteral("package/README.md"), "outside"),
                                                dirEntry(QStringLiteral("package/skill/")),
                                                fileEntry(QStringLiteral("package/skill/SKILL.md"), "skill"),
                                                fileEntry(QStringLiteral("package/skill/bin/run.sh"), "#!/bin/sh\n"),
                                                fileEntry(QStringLiteral("package/skillother/x.md"), "not under the prefix")}));
        QTemporaryDir out;
        const Status extracted = SafeArchive::extract(path, QStringLiteral("package/skill"), out.path());
        QVERIFY2(extracted, qPrintable(extracted.error()));
        QCOMPARE(treeOf(out.path()), (QStringList{QStringLiteral("SKILL.md"), QStringLiteral("bin"), QStringLiteral("bin/run.sh")}));
        QFile skill(out.filePath(QStringLiteral("SKILL.md")));
        QVERIFY(skill.open(QIODevice::ReadOnly));
        QCOMPARE(skill.readAll(), QByteArray("skill"));
    }

    void readFileReadsOneEntry()
    {
        const QString path = write(makeArchive({fileEntry(QStringLiteral("a.md"), "alpha"), fileEntry(QStringLiteral("b.md"), "beta")}));
        const Result<QByteArray> content = SafeArchive::readFile(path, QStringLiteral("b.md"), 1024);
        QVERIFY(content);
        QCOMPARE(*content, QByteArray("beta"));
        QVERIFY(!SafeArchive::readFile(path, QStringLiteral("b.md"), 2));
        const Result<QByteArray> missing = SafeArchive::readFile(path, QStringLiteral("c.md"), 1024);
        QVERIFY(!missing);
        QCOMPARE(missing.error(), QStringLiteral("c.md is not in the archive"));
    }
};

QTEST_GUILESS_MAIN(TestSafeArchive)
#include "tst_safearchive.moc"
