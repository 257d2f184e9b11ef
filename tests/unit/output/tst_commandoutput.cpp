// core/output: a writer in this process, readers as another process would read (files only).

#include "output/CommandOutput.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

using namespace teamai::output;

class TestCommandOutput : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_home;
    const OutputKey m_key{QStringLiteral("claude"), 42};

    std::unique_ptr<OutputWriter> writer(qint64 window = 1024 * 1024)
    {
        auto created = OutputWriter::create(m_key, window);
        if (!created) {
            qWarning() << created.error();
            return nullptr;
        }
        return std::move(created).value();
    }

    /// Reads from @p cursor until nothing new comes, like a follower polling.
    static QByteArray readAll(const OutputKey &key, Cursor &cursor, bool *lossy = nullptr)
    {
        QByteArray all;
        for (;;) {
            const OutputDelta delta = read(key, cursor, 100);
            if (lossy)
                *lossy = *lossy || delta.lossyOut;
            all += delta.out;
            const bool moved = delta.next.out != cursor.out || delta.next.err != cursor.err;
            cursor = delta.next;
            if (!moved)
                return all;
        }
    }

private slots:
    void init()
    {
        QVERIFY(m_home.isValid());
        qputenv("TEAMAI_HOME", m_home.path().toUtf8());
        QDir(m_home.path() + QStringLiteral("/local-agent/output")).removeRecursively();
    }

    void cursorRoundTripsAndRejectsForgeries_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("valid");
        QTest::newRow("zero") << "0.0" << true;
        QTest::newRow("numbers") << "123.45" << true;
        QTest::newRow("negative") << "-1.0" << false;
        QTest::newRow("one part") << "12" << false;
        QTest::newRow("empty part") << "12." << false;
        QTest::newRow("letters") << "1a.2" << false;
        QTest::newRow("huge") << "9999999999999999999.0" << false;
        QTest::newRow("three parts") << "1.2.3" << false;
    }
    void cursorRoundTripsAndRejectsForgeries()
    {
        QFETCH(QString, text);
        QFETCH(bool, valid);
        const std::optional<Cursor> cursor = Cursor::decode(text);
        QCOMPARE(cursor.has_value(), valid);
        if (cursor)
            QCOMPARE(cursor->encode(), text);
    }

    void appendedBytesAreReadInOrderWithACursor()
    {
        auto out = writer();
        QVERIFY(out);
        QCOMPARE(readState(m_key).running, true);
        out->append(Stream::Out, "hello ");
        out->append(Stream::Err, "warn");
        OutputDelta first = read(m_key, Cursor{}, 1 << 20);
        QCOMPARE(first.out, QByteArray("hello "));
        QCOMPARE(first.err, QByteArray("warn"));
        QVERIFY(!first.complete);
        out->append(Stream::Out, "world");
        OutputDelta second = read(m_key, first.next, 1 << 20);
        QCOMPARE(second.out, QByteArray("world"));
        QVERIFY(second.err.isEmpty());
        QVERIFY(!second.lossyOut && !second.lossyErr);
        out->finish(3, {}, {});
        const OutputDelta last = read(m_key, second.next, 1 << 20);
        QVERIFY(last.out.isEmpty());
        QVERIFY(last.complete);
        QCOMPARE(last.state.exitCode, std::optional<int>(3));
    }

    /// The mode bits only (permissions() also reports the current user's access).
    static QFile::Permissions modeOf(const QFileInfo &info)
    {
        return info.permissions() & ~(QFile::ReadUser | QFile::WriteUser | QFile::ExeUser);
    }

    void filesArePrivate()
    {
        auto out = writer();
        out->append(Stream::Out, "x");
        const QString folder = folderFor(m_key);
        QCOMPARE(modeOf(QFileInfo(folder)), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        for (const QFileInfo &file : QDir(folder).entryInfoList(QDir::Files))
            QCOMPARE(modeOf(file), QFile::ReadOwner | QFile::WriteOwner);
    }

    void aReaderBehindTheWindowGetsTheTailAndLossy()
    {
        auto out = writer(4096);  // segments of 1 KiB, about 4 KiB kept
        QByteArray written;
        for (int i = 0; i < 500; ++i) {
            const QByteArray line = QByteArray::number(i).rightJustified(5, '0') + " some output\n";
            out->append(Stream::Out, line);
            written += line;
        }
        out->finish(0, {}, {});
        Cursor cursor;
        bool lossy = false;
        const QByteArray seen = readAll(m_key, cursor, &lossy);
        QVERIFY(lossy);
        QVERIFY2(seen.size() > 4096 - 1024 && seen.size() <= 4096, QByteArray::number(seen.size()));  // whole segments of 1 KiB
        QVERIFY(written.endsWith(seen));
        QCOMPARE(cursor.out, qint64(written.size()));
        QVERIFY(read(m_key, cursor, 100).complete);
    }

    void aReaderThatKeptUpIsNeverLossy()
    {
        auto out = writer(4096);
        Cursor cursor;
        QByteArray seen;
        bool lossy = false;
        QByteArray written;
        for (int i = 0; i < 100; ++i) {
            const QByteArray chunk(300, char('a' + i % 26));
            out->append(Stream::Out, chunk);
            written += chunk;
            seen += readAll(m_key, cursor, &lossy);
        }
        QVERIFY(!lossy);
        QCOMPARE(seen, written);
    }

    void aHoleIsReportedOnceAndSteppedOver()
    {
        auto out = writer();
        out->append(Stream::Out, "before");
        out->skip(Stream::Out, 1000);  // the executor dropped these
        out->append(Stream::Out, "after");
        OutputDelta first = read(m_key, Cursor{}, 1 << 20);
        QCOMPARE(first.out, QByteArray("before"));
        QVERIFY(!first.lossyOut);
        OutputDelta second = read(m_key, first.next, 1 << 20);
        QCOMPARE(second.out, QByteArray("after"));
        QVERIFY(second.lossyOut);
        QCOMPARE(second.next.out, qint64(6 + 1000 + 5));
    }

    void aHoleAtTheEndStillCompletes()
    {
        auto out = writer();
        out->append(Stream::Err, "e");
        out->skip(Stream::Err, 10);
        out->finish(std::nullopt, {}, QStringLiteral("/spill/err"));
        OutputDelta first = read(m_key, Cursor{}, 1 << 20);
        OutputDelta second = read(m_key, first.next, 1 << 20);
        QVERIFY(second.lossyErr);
        QVERIFY(second.complete);
        QCOMPARE(second.state.spillErr, QStringLiteral("/spill/err"));
    }

    void utf8IsNeverCutUntilTheEnd()
    {
        auto out = writer();
        const QByteArray text = QStringLiteral("命令").toUtf8();  // 6 bytes
        out->append(Stream::Out, text.first(4));
        const OutputDelta partial = read(m_key, Cursor{}, 1 << 20);
        QCOMPARE(partial.out, text.first(3));
        QCOMPARE(partial.next.out, qint64(3));
        out->append(Stream::Out, text.sliced(4));
        QCOMPARE(read(m_key, partial.next, 1 << 20).out, text.sliced(3));
    }

    void aCursorPastTheEndIsClamped()
    {
        auto out = writer();
        out->append(Stream::Out, "abc");
        const OutputDelta delta = read(m_key, Cursor{1000, 1000}, 100);
        QVERIFY(delta.out.isEmpty());
        QCOMPARE(delta.next.out, qint64(3));
        QCOMPARE(delta.next.err, qint64(0));
    }

    void aNewRunReplacesTheOldOutputAndALinkIsNotFollowed()
    {
        QTemporaryDir outside;
        QFile victim(outside.path() + QStringLiteral("/keep"));
        QVERIFY(victim.open(QIODevice::WriteOnly));
        victim.write("mine");
        victim.close();
        const QString folder = folderFor(m_key);
        QVERIFY(QDir().mkpath(QFileInfo(folder).path()));
        QVERIFY(QFile::link(outside.path(), folder));
        auto out = writer();
        QVERIFY(out);
        QVERIFY(!QFileInfo(folder).isSymLink());
        QVERIFY(QFile::exists(outside.path() + QStringLiteral("/keep")));
        out->append(Stream::Out, "new");
        out.reset();
        auto again = writer();
        QVERIFY(read(m_key, Cursor{}, 100).out.isEmpty());
    }

    void noFolderMeansNoState()
    {
        const OutputDelta delta = read(OutputKey{QStringLiteral("codex"), 7}, Cursor{}, 100);
        QVERIFY(!delta.state.exists);
        QVERIFY(!delta.complete);
    }

    void oldRunsArePrunedPerTool()
    {
        for (int id = 1; id <= OutputWriter::kKeepRunsPerTool + 5; ++id) {
            QVERIFY(OutputWriter::create(OutputKey{QStringLiteral("codex"), id}, 4096));
        }
        const QString toolFolder = QFileInfo(folderFor(OutputKey{QStringLiteral("codex"), 1})).path();
        QCOMPARE(QDir(toolFolder).entryList(QDir::Dirs | QDir::NoDotAndDotDot).size(), OutputWriter::kKeepRunsPerTool);
        QVERIFY(readState(OutputKey{QStringLiteral("codex"), OutputWriter::kKeepRunsPerTool + 5}).exists);
    }
};

QTEST_GUILESS_MAIN(TestCommandOutput)
#include "tst_commandoutput.moc"
