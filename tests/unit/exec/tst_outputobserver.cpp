// ExecSpec::onOutput: the observer sees the output as it is read (incrementally, before the
// child ends), for blocking runs and background tasks alike, without changing the result.

#include "exec/LocalExecutor.h"

#include "TestCases.h"
#include "TestEnvironment.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QtTest>

using namespace teamai::exec;

namespace {

ExecSpec shellSpec(const QString &script)
{
    ExecSpec spec;
    spec.program = QStringLiteral("/bin/sh");
    spec.arguments = {QStringLiteral("-c"), script};
    spec.timeoutMs = 20000;
    spec.owner = QStringLiteral("test");
    spec.spillDir = QDir::tempPath() + QStringLiteral("/teamai-observer-spill");
    return spec;
}

} // namespace

class TestOutputObserver : public teamai::test::HomeTestCase
{
    Q_OBJECT
private slots:
    void blockingRunReportsOutputAsItArrives()
    {
        LocalExecutor executor;
        ExecSpec spec = shellSpec(QStringLiteral("echo first; sleep 0.4; echo second; echo oops >&2"));
        QElapsedTimer clock;
        clock.start();
        QByteArray out;
        QByteArray err;
        qint64 firstAt = -1;
        spec.onOutput = [&](QByteArrayView o, QByteArrayView e) {
            if (firstAt < 0 && !o.isEmpty())
                firstAt = clock.elapsed();
            out += o.toByteArray();
            err += e.toByteArray();
        };
        const ExecResult result = executor.run(spec);
        const qint64 total = clock.elapsed();
        QVERIFY(result.succeeded());
        QCOMPARE(out, QByteArray("first\nsecond\n"));
        QCOMPARE(err, QByteArray("oops\n"));
        // The first line was seen while the child still slept, not at the end.
        QVERIFY2(firstAt >= 0 && firstAt < total - 250, qPrintable(QStringLiteral("first at %1 of %2 ms").arg(firstAt).arg(total)));
        // The capture is unaffected.
        QCOMPARE(result.out.text, QByteArray("first\nsecond\n"));
        QCOMPARE(result.err.text, QByteArray("oops\n"));
    }

    void eachCallCarriesOneStream()
    {
        LocalExecutor executor;
        ExecSpec spec = shellSpec(QStringLiteral("echo a; echo b >&2; echo c"));
        bool mixed = false;
        spec.onOutput = [&](QByteArrayView o, QByteArrayView e) { mixed = mixed || (!o.isEmpty() && !e.isEmpty()); };
        QVERIFY(executor.run(spec).succeeded());
        QVERIFY(!mixed);
    }

    void backgroundTaskReportsToo()
    {
        LocalExecutor executor;
        ExecSpec spec = shellSpec(QStringLiteral("printf 'x%.0s' $(seq 1 1000); echo"));
        QByteArray seen;
        spec.onOutput = [&](QByteArrayView o, QByteArrayView) { seen += o.toByteArray(); };
        QSignalSpy finished(&executor, &Executor::taskFinished);
        const TaskId id = executor.start(spec);
        QVERIFY(finished.wait(10000));
        QCOMPARE(seen.size(), 1001);
        // Incremental reads still get everything: the observer does not consume output.
        const auto chunk = executor.readOutput(id, QStringLiteral("test"));
        QVERIFY(chunk);
        QCOMPARE(chunk->out.size(), 1001);
    }

    void cancelledRunStillReportsWhatWasPrinted()
    {
        LocalExecutor executor;
        ExecSpec spec = shellSpec(QStringLiteral("echo started; sleep 30"));
        CancelHandle cancel = spec.cancel;
        QByteArray out;
        spec.onOutput = [&](QByteArrayView o, QByteArrayView) {
            out += o.toByteArray();
            if (out.contains("started"))
                cancel.cancel();
        };
        QElapsedTimer clock;
        clock.start();
        const ExecResult result = executor.run(spec);
        QVERIFY(result.cancelled);
        QVERIFY(clock.elapsed() < 10000);
        QCOMPARE(out, QByteArray("started\n"));
    }
};

QTEST_GUILESS_MAIN(TestOutputObserver)
#include "tst_outputobserver.moc"
