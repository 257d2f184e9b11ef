#include "exec/FailureSummary.h"

#include "FileTree.h"

#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

using namespace teamai::exec;

namespace {
ExecResult exited(int code, const QByteArray &out = {}, const QByteArray &err = {})
{
    ExecResult result;
    result.exitCode = code;
    result.out.text = out;
    result.out.totalBytes = out.size();
    result.err.text = err;
    result.err.totalBytes = err.size();
    result.pid = 42;
    return result;
}
} // namespace

/// @brief failureSummary() wording (SPEC §5 ack errors) and ExecResult's status helpers.
class TestFailureSummary : public QObject
{
    Q_OBJECT
private slots:
    void statusNumberAndSuccess()
    {
        QCOMPARE(exited(0).statusNumber(), 0);
        QVERIFY(exited(0).succeeded());
        QCOMPARE(exited(3).statusNumber(), 3);
        QVERIFY(!exited(3).succeeded());

        ExecResult killed;
        killed.signal = 9;
        QCOMPARE(killed.statusNumber(), 137);
        QVERIFY(!killed.succeeded());

        ExecResult timedOut = exited(0);
        timedOut.timedOut = true;
        QVERIFY(!timedOut.succeeded());
        ExecResult cancelled = exited(0);
        cancelled.cancelled = true;
        QVERIFY(!cancelled.succeeded());

        ExecResult notStarted;
        notStarted.startError = QStringLiteral("No such file or directory");
        QCOMPARE(notStarted.statusNumber(), -1);
        QVERIFY(!notStarted.succeeded());
    }

    void successHasNoSummary()
    {
        QCOMPARE(failureSummary(exited(0, "fine\n", "warning\n")), QString());
    }

    void firstThreeNonEmptyStderrLines()
    {
        const auto result = exited(1, "ignored stdout\n", "first\n\n   \n  second  \r\nthird\nfourth\n");
        QCOMPARE(failureSummary(result), QStringLiteral("cmd failed: first | second | third"));
    }

    void fallsBackToStdout()
    {
        QCOMPARE(failureSummary(exited(2, "out one\nout two\n", "\n  \n")),
                 QStringLiteral("cmd failed: out one | out two"));
    }

    void fallsBackToStatus()
    {
        QCOMPARE(failureSummary(exited(2)), QStringLiteral("cmd failed: exit status 2"));
        ExecResult killed;
        killed.signal = 9;
        QCOMPARE(failureSummary(killed), QStringLiteral("cmd failed: killed by signal 9 (status 137)"));
    }

    void redactsSecrets()
    {
        const auto result = exited(1, {}, "error: token=abc123secret rejected\nAuthorization: Bearer eyJhbGciOi\n"
                                          "retry with --password hunter2\n");
        const QString summary = failureSummary(result);
        QVERIFY2(summary.startsWith(QLatin1String("cmd failed: ")), qPrintable(summary));
        QVERIFY2(!summary.contains(QLatin1String("abc123secret")), qPrintable(summary));
        QVERIFY2(!summary.contains(QLatin1String("eyJhbGciOi")), qPrintable(summary));
        QVERIFY2(!summary.contains(QLatin1String("hunter2")), qPrintable(summary));
        QVERIFY(summary.contains(QLatin1String("***")));
    }

    void capsAt200Characters()
    {
        const QByteArray longLine(500, 'x');
        const QString summary = failureSummary(exited(1, {}, longLine + "\nsecond\n"));
        const QString prefix = QStringLiteral("cmd failed: ");
        QVERIFY(summary.startsWith(prefix));
        QCOMPARE(summary.size() - prefix.size(), 200);
        QVERIFY(summary.endsWith(QLatin1String("...")));
    }

    void timedOut()
    {
        ExecResult result;
        result.timedOut = true;
        result.signal = 9;
        result.effectiveTimeoutMs = 1500;
        QCOMPARE(failureSummary(result), QStringLiteral("cmd timed out: killed after 1500 ms (signal 9, status 137)"));
        result.err.text = "still waiting for lock\n";
        QCOMPARE(failureSummary(result), QStringLiteral("cmd timed out: still waiting for lock (signal 9, status 137)"));
    }

    void cancelled()
    {
        ExecResult result;
        result.cancelled = true;
        result.signal = 15;
        QCOMPARE(failureSummary(result), QStringLiteral("cmd cancelled: cancelled before it finished (signal 15, status 143)"));
    }

    void agentSignalSaysWhatHappened()
    {
        ExecResult result;
        result.cancelled = true;
        result.agentSignal = 15;
        result.signal = 15;
        result.err.text = "partial output\n";
        QCOMPARE(failureSummary(result),
                 QStringLiteral("cmd terminated: the agent received SIGTERM and stopped the command (signal 15, status 143)"));
        result.signal.reset();
        result.exitCode = 1;  // the child handled SIGTERM and exited on its own
        QCOMPARE(failureSummary(result), QStringLiteral("cmd terminated: the agent received SIGTERM and stopped the command"));
    }

    void signalWithOutputKeepsTheStatus()
    {
        ExecResult result;
        result.signal = 6;
        result.err.text = "assertion failed\n";
        QCOMPARE(failureSummary(result), QStringLiteral("cmd failed: assertion failed (signal 6, status 134)"));
    }

    void startError()
    {
        ExecResult result;
        result.startError = QStringLiteral("execve: No such file or directory");
        QCOMPARE(failureSummary(result), QStringLiteral("cmd failed: execve: No such file or directory"));
    }

    void outputTooLargeReadsTheSpilledHead()
    {
        QTemporaryDir dir;
        const QString spill = dir.filePath(QStringLiteral("exec-x.spill"));
        QVERIFY(teamai::test::writeFileAt(spill, "fatal: first line of a flood\nsecond\n" + QByteArray(10000, 'z')));

        ExecResult result = exited(1);
        result.err.text = QByteArray("tail of the flood\n");
        result.err.truncated = true;
        result.err.spillPath = spill;
        result.err.totalBytes = QFileInfo(spill).size();
        const QString summary = failureSummary(result);
        QVERIFY2(summary.startsWith(QLatin1String("cmd output too large: fatal: first line of a flood | second | zzz")),
                 qPrintable(summary));

        // Without a spill file the tail is all there is.
        result.err.spillPath.clear();
        QCOMPARE(failureSummary(result), QStringLiteral("cmd output too large: tail of the flood"));

        // A successful command with truncated output is still a success.
        ExecResult ok = exited(0);
        ok.out.truncated = true;
        QCOMPARE(failureSummary(ok), QString());
    }
};

QTEST_GUILESS_MAIN(TestFailureSummary)
#include "tst_failuresummary.moc"
