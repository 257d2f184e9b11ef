#include "store/FinishedIds.h"

#include "TestEnvironment.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QtTest>

using namespace teamai;

/// @brief The finished-ids record: one line per finished command, readable after a torn write,
/// bounded by compaction.
class TestFinishedIds : public QObject
{
    Q_OBJECT
private slots:
    void appendsOneLinePerCommandAndReadsThemBack()
    {
        test::TestEnvironment env;
        const QString path = finishedids::pathFor(env.stateDir() + QStringLiteral("/ledger.db"));
        QCOMPARE(path, env.stateDir() + QStringLiteral("/finished-ids"));
        QVERIFY(QDir().mkpath(env.stateDir()));
        const Status appended = finishedids::append(path, {QStringLiteral("claude"), 7, QStringLiteral("succeeded"), QStringLiteral("install_skill")});
        QVERIFY2(appended, qPrintable(appended.error()));
        QVERIFY(finishedids::append(path, {QStringLiteral("codex"), 7, QStringLiteral("failed"), QString()}));
        QCOMPARE(env.readFile(QStringLiteral(".teamai/local-agent/finished-ids")),
                 QByteArray("claude 7 succeeded install_skill\ncodex 7 failed -\n"));
        QCOMPARE(QFileInfo(path).permissions() & (QFile::ReadOther | QFile::ReadGroup), QFile::Permissions());
        const QList<finishedids::Entry> entries = finishedids::readAll(path);
        QCOMPARE(entries.size(), 2);
        QCOMPARE(entries.at(0).agent, QStringLiteral("claude"));
        QCOMPARE(entries.at(0).id, 7);
        QCOMPARE(entries.at(0).type, QStringLiteral("install_skill"));
        QCOMPARE(entries.at(1).state, QStringLiteral("failed"));
        QVERIFY(entries.at(1).type.isEmpty());
    }

    void tornLastLineIsSkipped()
    {
        test::TestEnvironment env;
        const QString path = env.writeFile(QStringLiteral(".teamai/local-agent/finished-ids"), "claude 1 succeeded x\nclaude 2");
        QCOMPARE(finishedids::readAll(path).size(), 1);
    }

    void compactsKeepingTheNewest()
    {
        test::TestEnvironment env;
        QByteArray lines;
        for (int id = 1; id <= 40000; ++id)
            lines += "claude " + QByteArray::number(id) + " succeeded install_skill\n";
        const QString path = env.writeFile(QStringLiteral(".teamai/local-agent/finished-ids"), lines);
        QVERIFY(QFileInfo(path).size() > 1024 * 1024);
        QVERIFY(finishedids::append(path, {QStringLiteral("claude"), 40001, QStringLiteral("failed"), QString()}));
        const QList<finishedids::Entry> entries = finishedids::readAll(path);
        QCOMPARE(entries.size(), 10000);
        QCOMPARE(entries.last().id, 40001);
        QCOMPARE(entries.first().id, 30002);
        QVERIFY(QFileInfo(path).size() < 1024 * 1024);
    }
};

QTEST_GUILESS_MAIN(TestFinishedIds)
#include "tst_finishedids.moc"
