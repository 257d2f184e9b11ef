// Issue #13 item 8: errors.jsonl only grew (262 B a hook with the backend down, ~219 MiB a year).
#include "log/ErrorJournal.h"

#include "TestEnvironment.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace teamai;

class TestErrorJournal : public QObject
{
    Q_OBJECT
private slots:
    void staysBoundedAndKeepsTheNewest()
    {
        test::TestEnvironment env;
        const QString path = env.teamaiHome() + QStringLiteral("/reporter/errors.jsonl");
        const QString error = QStringLiteral("sync failed: Connection refused ") + QString(200, u'x');
        const int lines = int(3 * kErrorJournalMaxBytes / error.size());  // well past two files' worth
        for (int i = 0; i < lines; ++i)
            recordHookError(QStringLiteral("post-tool-use"), QStringLiteral("claude"), error + QString::number(i));

        const qint64 current = QFileInfo(path).size();
        const qint64 older = QFileInfo(path + QStringLiteral(".1")).size();
        QVERIFY(current > 0 && older > 0);
        QVERIFY2(current <= kErrorJournalMaxBytes + 2048, qPrintable(QString::number(current)));
        QVERIFY2(older <= kErrorJournalMaxBytes + 2048, qPrintable(QString::number(older)));
        QVERIFY(!QFile::exists(path + QStringLiteral(".2")));

        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QList<QByteArray> all = file.readAll().split('\n');
        const QJsonObject last = QJsonDocument::fromJson(all.at(all.size() - 2)).object();
        QCOMPARE(last.value(QStringLiteral("error")).toString(), error + QString::number(lines - 1));
        QCOMPARE(QFileInfo(path).permissions() & (QFile::ReadGroup | QFile::ReadOther), QFile::Permissions());
    }

    void longErrorsAreCut()
    {
        test::TestEnvironment env;
        recordHookError(QStringLiteral("stop"), QStringLiteral("claude"), QString(100'000, u'e'));
        QFile file(env.teamaiHome() + QStringLiteral("/reporter/errors.jsonl"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject line = QJsonDocument::fromJson(file.readAll().trimmed()).object();
        QCOMPARE(line.value(QStringLiteral("error")).toString().size(), kErrorJournalMaxErrorChars + 1);
    }
};

QTEST_GUILESS_MAIN(TestErrorJournal)
#include "tst_errorjournal.moc"
