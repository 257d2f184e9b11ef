// Notifier: a burst is capped, what is held back is summed up once the window allows.

#include "tray/Notifier.h"

#include <QSignalSpy>
#include <QtTest>

using namespace teamai::ui;

class TestNotifier : public QObject
{
    Q_OBJECT
private slots:
    void burstIsCappedAndSummarised()
    {
        Notifier notifier;
        notifier.setLimits({3, 300});
        QSignalSpy shown(&notifier, &Notifier::show);
        for (int i = 0; i < 3; ++i)
            notifier.notify(QStringLiteral("ran"), QStringLiteral("command %1").arg(i));
        QCOMPARE(shown.count(), 3);
        notifier.notify(QStringLiteral("ran"), QStringLiteral("command 3"));
        notifier.notify(QStringLiteral("failed"), QStringLiteral("command 4"), Notifier::Severity::Warning);
        QCOMPARE(shown.count(), 3);
        QCOMPARE(notifier.heldBack(), 2);
        QVERIFY(shown.wait(2000));
        QCOMPARE(shown.count(), 4);
        const QString summary = shown.last().at(1).toString();
        QVERIFY2(summary.startsWith(QStringLiteral("2 more remote commands finished (1 failed)")), qPrintable(summary));
        QCOMPARE(shown.last().at(2).value<Notifier::Severity>(), Notifier::Severity::Warning);
        QCOMPARE(notifier.heldBack(), 0);
    }

    void aQuietWindowAllowsAgain()
    {
        qint64 now = 0;
        Notifier notifier;
        notifier.setLimits({2, 1000});
        notifier.setClock([&now] { return now; });
        QSignalSpy shown(&notifier, &Notifier::show);
        notifier.notify(QStringLiteral("a"), QStringLiteral("1"));
        now = 600;
        notifier.notify(QStringLiteral("a"), QStringLiteral("2"));
        now = 1100;  // the first left the window
        notifier.notify(QStringLiteral("a"), QStringLiteral("3"));
        QCOMPARE(shown.count(), 3);
        QCOMPARE(notifier.heldBack(), 0);
    }

    void disabledShowsNothing()
    {
        Notifier notifier;
        notifier.setEnabled(false);
        QSignalSpy shown(&notifier, &Notifier::show);
        notifier.notify(QStringLiteral("a"), QStringLiteral("1"));
        QCOMPARE(shown.count(), 0);
    }
};

QTEST_GUILESS_MAIN(TestNotifier)
#include "tst_notifier.moc"
