// CommandTask over a real LocalExecutor: a pushed command's output reaches its output files
// while the child runs (read back through core/output, as another process would), the final
// state is written by the task-finished callback, and the executor keeps no finished task.

#include "TestEnvironment.h"
#include "exec/LocalExecutor.h"
#include "exec/Resolve.h"
#include "output/CommandOutput.h"
#include "sync/CommandTask.h"

#include <QTimer>
#include <QtTest>

using namespace teamai;

class TestCommandTask : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<test::TestEnvironment> m_env;

    exec::ExecSpec sh(const QString &script) const
    {
        exec::ExecPolicy policy;
        policy.spillDir = m_env->home() + QStringLiteral("/spill");
        exec::ExecRequest request;
        request.program = QStringLiteral("/bin/sh");
        request.arguments = {QStringLiteral("-c"), script};
        const exec::Resolved resolved = exec::resolve(request, policy);
        if (!resolved.spec)
            qFatal("resolve failed: %s", qPrintable(resolved.error));
        return *resolved.spec;
    }

private slots:
    void initTestCase() { m_env = std::make_unique<test::TestEnvironment>(); }

    void outputIsFollowableWhileItRunsAndTheEndIsRecorded()
    {
        exec::LocalExecutor executor;
        const output::OutputKey key{QStringLiteral("claude"), 42};
        // A reader polling the files while the task runs, as `history --follow` does.
        output::Cursor cursor;
        QByteArray out;
        QByteArray err;
        QByteArray seenWhileRunning;
        QTimer reader;
        reader.callOnTimeout([&] {
            const output::OutputDelta delta = output::read(key, cursor, 1 << 20);
            if (delta.state.running && !delta.state.finished)
                seenWhileRunning += delta.out;
            out += delta.out;
            err += delta.err;
            cursor = delta.next;
        });
        reader.start(20);
        qint64 startedPid = 0;
        exec::ExecSpec spec = sh(QStringLiteral("echo one; sleep 1; echo two >&2; sleep 1; echo three; exit 3"));
        spec.onStarted = [&](qint64 pid) { startedPid = pid; };  // the caller's callback still runs

        const exec::ExecResult result = CommandTask(executor, key).run(spec);
        reader.stop();
        QCOMPARE(result.exitCode, std::optional<int>(3));
        QCOMPARE(result.out.text, QByteArray("one\nthree\n"));
        QVERIFY(startedPid > 0);
        QVERIFY2(seenWhileRunning.startsWith("one\n"), seenWhileRunning.constData());

        const output::OutputDelta rest = output::read(key, cursor, 1 << 20);
        out += rest.out;
        err += rest.err;
        QVERIFY(rest.complete);
        QCOMPARE(out, QByteArray("one\nthree\n"));
        QCOMPARE(err, QByteArray("two\n"));
        QCOMPARE(rest.state.exitCode, std::optional<int>(3));
        QCOMPARE(rest.state.pid, startedPid);
        // The owner token is the tool; the finished task was forgotten.
        QVERIFY(executor.list(QStringLiteral("claude")).isEmpty());
    }

    void withoutAUsableKeyTheCommandStillRuns()
    {
        exec::LocalExecutor executor;
        const exec::ExecResult result = CommandTask(executor, {QString(), 7}).run(sh(QStringLiteral("echo fine")));
        QCOMPARE(result.exitCode, std::optional<int>(0));
        QCOMPARE(result.out.text, QByteArray("fine\n"));
        QVERIFY(!output::readState({QString(), 7}).exists);
        QVERIFY(executor.list(QString()).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCommandTask)
#include "tst_commandtask.moc"
