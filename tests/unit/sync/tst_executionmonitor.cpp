// ExecutionMonitor over a real LocalExecutor: the front end's observer hears about background
// tasks (start()) as it does about blocking runs, with the owner token as given (the tool name),
// and cancelRunning() stops a running task through the executor's kill path.

#include "TestEnvironment.h"
#include "exec/LocalExecutor.h"
#include "exec/Resolve.h"
#include "sync/ExecutionMonitor.h"

#include <QSignalSpy>
#include <QtTest>

using namespace teamai;

class TestExecutionMonitor : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<test::TestEnvironment> m_env;
    QStringList m_events;  // in the order the observer and the signal saw them
    QByteArray m_out;
    std::optional<exec::ExecResult> m_finished;

    exec::ExecSpec sh(const QString &script) const
    {
        exec::ExecPolicy policy;
        policy.spillDir = m_env->home() + QStringLiteral("/spill");
        policy.killGraceMs = 300;
        exec::ExecRequest request;
        request.program = QStringLiteral("/bin/sh");
        request.arguments = {QStringLiteral("-c"), script};
        request.owner = QStringLiteral("claude");
        const exec::Resolved resolved = exec::resolve(request, policy);
        if (!resolved.spec)
            qFatal("resolve failed: %s", qPrintable(resolved.error));
        return *resolved.spec;
    }

    ExecutionObserver observer()
    {
        ExecutionObserver o;
        o.started = [this](const QString &owner, qint64 pid) {
            m_events << QStringLiteral("started %1 %2").arg(owner, pid > 0 ? QStringLiteral("pid") : QStringLiteral("none"));
        };
        o.output = [this](const QString &, QByteArrayView out, QByteArrayView) { m_out += out.toByteArray(); };
        o.finished = [this](const QString &owner, const exec::ExecResult &result) {
            m_events << QStringLiteral("finished %1").arg(owner);
            m_finished = result;
        };
        return o;
    }

private slots:
    void initTestCase() { m_env = std::make_unique<test::TestEnvironment>(); }
    void init()
    {
        m_events.clear();
        m_out.clear();
        m_finished.reset();
    }

    void observesAndCancelsABackgroundTask()
    {
        exec::LocalExecutor inner;
        ExecutionMonitor monitor(inner);
        monitor.setObserver(observer());
        connect(&monitor, &exec::Executor::taskFinished, this, [this](exec::TaskId) { m_events << QStringLiteral("taskFinished"); });
        QSignalSpy finished(&monitor, &exec::Executor::taskFinished);

        QVERIFY(!monitor.cancelRunning());
        const exec::TaskId id = monitor.start(sh(QStringLiteral("echo hi; exec sleep 30")));
        QCOMPARE(m_events, QStringList{QStringLiteral("started claude pid")});
        QTRY_COMPARE_WITH_TIMEOUT(m_out, QByteArray("hi\n"), 5000);
        QCOMPARE(monitor.runningOwner(), std::optional<QString>(QStringLiteral("claude")));
        QVERIFY(inner.get(id)->running);

        QVERIFY(monitor.cancelRunning());
        QVERIFY(finished.wait(10000));
        QCOMPARE(finished.first().first().value<exec::TaskId>(), id);
        // The observer heard the end before the signal went on, with the task's result.
        QCOMPARE(m_events, (QStringList{QStringLiteral("started claude pid"), QStringLiteral("finished claude"),
                                        QStringLiteral("taskFinished")}));
        QVERIFY(m_finished && m_finished->cancelled);
        QCOMPARE(m_finished->pid, inner.get(id)->pid);
        QVERIFY(!monitor.runningOwner());
        QVERIFY(!monitor.cancelRunning());
        QVERIFY(monitor.remove(id, QStringLiteral("claude")));
        QVERIFY(!inner.get(id));
    }

    void blockingRunsAreStillObserved()
    {
        exec::LocalExecutor inner;
        ExecutionMonitor monitor(inner);
        monitor.setObserver(observer());
        const exec::ExecResult result = monitor.run(sh(QStringLiteral("echo done")));
        QCOMPARE(result.exitCode, std::optional<int>(0));
        QCOMPARE(m_out, QByteArray("done\n"));
        QCOMPARE(m_events, (QStringList{QStringLiteral("started claude pid"), QStringLiteral("finished claude")}));
        QVERIFY(!monitor.runningOwner());
    }
};

QTEST_GUILESS_MAIN(TestExecutionMonitor)
#include "tst_executionmonitor.moc"
