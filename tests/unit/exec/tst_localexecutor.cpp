#include "exec/LocalExecutor.h"

#include "ExecutorFixture.h"
#include "TestEnvironment.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>
#include <QtTest>

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <future>
#include <thread>
#include <unistd.h>

using namespace teamai::exec;

namespace {
/// True when @p pid no longer exists at all (reaped, not a zombie).
bool isGone(qint64 pid)
{
    return pid > 0 && ::kill(pid_t(pid), 0) != 0 && errno == ESRCH && !QFile::exists(QStringLiteral("/proc/%1").arg(pid));
}

qint64 readPid(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll().trimmed().toLongLong() : 0;
}

bool waitForFile(const QString &path, int ms = 3000)
{
    QDeadlineTimer deadline(ms);
    while (!QFileInfo(path).size()) {
        if (deadline.hasExpired())
            return false;
        QThread::msleep(5);
    }
    return true;
}

/// VmHWM (peak resident set) in KiB.
qint64 peakRssKiB()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').first().toLongLong();
    }
    return -1;
}

void resetPeakRss()
{
    // Writing 5 to clear_refs resets VmHWM to the current RSS (Linux >= 4.0).
    QFile refs(QStringLiteral("/proc/self/clear_refs"));
    if (refs.open(QIODevice::WriteOnly))
        refs.write("5");
}
} // namespace

/// @brief LocalExecutor end to end with real children: statuses, signals, timeouts and group
/// kills, cancellation, stdin, environment, descriptors, large output, background tasks.
class TestLocalExecutor : public QObject, private teamai::test::ExecutorFixture
{
    Q_OBJECT
private:
    QString tmp(const QString &name) const { return m_tmp->filePath(name); }
    QString spillDir() const { return tmp(QStringLiteral("spill")); }

    ExecSpec sh(const QString &script, int timeoutMs = 10000, const ExecPolicy *custom = nullptr) const
    {
        return resolvedOrDie(shRequest(script, timeoutMs), custom ? *custom : policy());
    }

private slots:
    void initTestCase() { QVERIFY(startExecutor()); }
    void cleanupTestCase() { stopExecutor(); }

    void exitCodes_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<int>("code");
        QTest::newRow("0") << QStringLiteral("exit 0") << 0;
        QTest::newRow("1") << QStringLiteral("exit 1") << 1;
        QTest::newRow("42") << QStringLiteral("echo out; echo err >&2; exit 42") << 42;
        QTest::newRow("255") << QStringLiteral("exit 255") << 255;
    }

    void exitCodes()
    {
        QFETCH(QString, script);
        QFETCH(int, code);
        const ExecResult result = m_executor->run(sh(script));
        QVERIFY(result.startError.isEmpty());
        QCOMPARE(result.exitCode, std::optional<int>(code));
        QVERIFY(!result.signal);
        QVERIFY(!result.timedOut);
        QVERIFY(!result.cancelled);
        QCOMPARE(result.statusNumber(), code);
        QCOMPARE(result.succeeded(), code == 0);
        QVERIFY(result.pid > 0);
        QCOMPARE(result.effectiveTimeoutMs, 10000);
        if (code == 42) {
            QCOMPARE(result.out.text, QByteArray("out\n"));
            QCOMPARE(result.err.text, QByteArray("err\n"));
            QCOMPARE(failureSummary(result), QStringLiteral("cmd failed: err"));
        }
    }

    void signalDeath_data()
    {
        QTest::addColumn<int>("sig");
        QTest::newRow("KILL") << int(SIGKILL);
        QTest::newRow("TERM") << int(SIGTERM);
        QTest::newRow("SEGV") << int(SIGSEGV);
    }

    void signalDeath()
    {
        QFETCH(int, sig);
        const ExecResult result = m_executor->run(sh(QStringLiteral("kill -%1 $$").arg(sig)));
        QVERIFY(!result.exitCode);
        QCOMPARE(result.signal, std::optional<int>(sig));
        QCOMPARE(result.statusNumber(), 128 + sig);
        QVERIFY(!result.timedOut);
        QVERIFY(!result.succeeded());
        QCOMPARE(failureSummary(result),
                 QStringLiteral("cmd failed: killed by signal %1 (status %2)").arg(sig).arg(128 + sig));
    }

    void timeoutKillsTheWholeGroup()
    {
        // Child and grandchild both ignore SIGTERM; only the group SIGKILL ends them.
        const QString childFile = tmp(QStringLiteral("timeout-child.pid"));
        const QString grandFile = tmp(QStringLiteral("timeout-grand.pid"));
        const QString script = QStringLiteral(
            "trap '' TERM; "
            "/bin/sh -c 'trap \"\" TERM; echo $$ > %2; while :; do sleep 0.05; done' & "
            "echo $$ > %1; echo started; while :; do sleep 0.05; done").arg(childFile, grandFile);
        QElapsedTimer clock;
        clock.start();
        const ExecResult result = m_executor->run(sh(script, 600));
        const qint64 elapsed = clock.elapsed();

        QVERIFY(result.timedOut);
        QVERIFY(!result.cancelled);
        QCOMPARE(result.signal, std::optional<int>(SIGKILL));
        QCOMPARE(result.statusNumber(), 137);
        QCOMPARE(result.effectiveTimeoutMs, 600);
        QCOMPARE(result.out.text, QByteArray("started\n"));
        QVERIFY2(elapsed >= 600 + 300 - 20, qPrintable(QString::number(elapsed))); // timeout + grace
        QVERIFY2(elapsed < 3000, qPrintable(QString::number(elapsed)));
        QVERIFY(failureSummary(result).startsWith(QLatin1String("cmd timed out: ")));

        const qint64 child = readPid(childFile);
        const qint64 grand = readPid(grandFile);
        QCOMPARE(child, result.pid);
        QVERIFY(grand > 0);
        QVERIFY2(isGone(child), "child still exists");
        QVERIFY2(isGone(grand), "grandchild still exists (alive or zombie)");
    }

    void cooperativeChildStopsOnTerm()
    {
        // A child that exits on SIGTERM does not wait out the grace period.
        ExecPolicy p = policy();
        p.killGraceMs = 5000;
        QElapsedTimer clock;
        clock.start();
        const ExecResult result = m_executor->run(sh(QStringLiteral("sleep 30"), 300, &p));
        QVERIFY(result.timedOut);
        QCOMPARE(result.signal, std::optional<int>(SIGTERM));
        QVERIFY2(clock.elapsed() < 2000, qPrintable(QString::number(clock.elapsed())));
    }

    void cancelFromAnotherThread()
    {
        ExecSpec spec = sh(QStringLiteral("echo begin; sleep 30"));
        CancelHandle cancel = spec.cancel;
        // Cancelled once the child has said "begin" (its output was read), not after a guess.
        std::promise<void> begun;
        std::future<void> begunSaid = begun.get_future();
        spec.onOutput = [&begun, said = false](QByteArrayView out, QByteArrayView) mutable {
            if (!said && !out.isEmpty()) {
                said = true;
                begun.set_value();
            }
        };
        std::thread canceller([cancel, begunSaid = std::move(begunSaid)]() mutable {
            begunSaid.wait_for(std::chrono::seconds(10));
            cancel.cancel();
        });
        QElapsedTimer clock;
        clock.start();
        const ExecResult result = m_executor->run(spec);
        canceller.join();
        QVERIFY(result.cancelled);
        QVERIFY(!result.timedOut);
        QVERIFY(!result.succeeded());
        QCOMPARE(result.out.text, QByteArray("begin\n"));
        QVERIFY2(clock.elapsed() < 2000, qPrintable(QString::number(clock.elapsed())));
        QCOMPARE(result.signal, SIGTERM);
        QCOMPARE(failureSummary(result), QStringLiteral("cmd cancelled: begin (signal 15, status 143)"));
    }

    void cancelledBeforeStartDoesNotRun()
    {
        const QString marker = tmp(QStringLiteral("never-ran"));
        ExecSpec spec = sh(QStringLiteral("touch %1").arg(marker));
        spec.cancel.cancel();
        const ExecResult result = m_executor->run(spec);
        QVERIFY(result.cancelled);
        QCOMPARE(result.pid, 0);
        QVERIFY(!QFile::exists(marker));
    }

    void leftoverBackgroundProcessIsStopped()
    {
        const QString pidFile = tmp(QStringLiteral("leftover.pid"));
        const ExecResult result = m_executor->run(sh(QStringLiteral("sleep 30 & echo $! > %1; exit 0").arg(pidFile)));
        QCOMPARE(result.exitCode, std::optional<int>(0));
        QVERIFY(result.succeeded());
        QVERIFY(isGone(readPid(pidFile)));
    }

    void stdinDelivery()
    {
        ExecSpec spec = sh(QStringLiteral("cat"));
        spec.stdinBytes = QByteArray("hello\nworld\n");
        ExecResult result = m_executor->run(spec);
        QCOMPARE(result.out.text, QByteArray("hello\nworld\n"));
        QCOMPARE(result.exitCode, std::optional<int>(0));

        // Larger than any pipe buffer: written while output is read.
        QByteArray big(3 * 1024 * 1024, Qt::Uninitialized);
        for (qsizetype i = 0; i < big.size(); ++i)
            big[i] = char('a' + i % 26);
        spec.stdinBytes = big;
        result = m_executor->run(spec);
        QCOMPARE(result.out.totalBytes, big.size());
        QVERIFY(result.out.text == big);

        // A child that ignores its stdin and exits: the unwritten rest must not hurt us (SIGPIPE).
        ExecSpec ignoring = sh(QStringLiteral("exit 5"));
        ignoring.stdinBytes = big;
        result = m_executor->run(ignoring);
        QCOMPARE(result.exitCode, std::optional<int>(5));

        // No stdin: EOF at once, the child does not hang.
        spec.stdinBytes.reset();
        result = m_executor->run(spec);
        QCOMPARE(result.exitCode, std::optional<int>(0));
        QVERIFY(result.out.text.isEmpty());
        QVERIFY(!result.timedOut);
    }

    void environmentIsScrubbedAndExplicitWins()
    {
        qputenv("TEAMAI_TEST_API_KEY", "leak1");
        qputenv("TEAMAI_TEST_SESSION_TOKEN", "leak2");
        qputenv("teamai_test_password", "leak3");
        qputenv("TEAMAI_TEST_PLAIN", "base");
        ExecRequest request;
        request.program = QStringLiteral("/usr/bin/env");
        request.environment.insert(QStringLiteral("TEAMAI_TEST_PLAIN"), QStringLiteral("explicit"));
        request.environment.insert(QStringLiteral("TEAMAI_TEST_EXTRA_TOKEN"), QStringLiteral("mine"));
        const Resolved resolved = resolve(request, policy());
        QVERIFY(resolved.spec);
        const ExecResult result = m_executor->run(*resolved.spec);
        const QByteArray out = result.out.text;
        QVERIFY(!out.contains("leak1"));
        QVERIFY(!out.contains("leak2"));
        QVERIFY(!out.contains("leak3"));
        QVERIFY(out.contains("\nTEAMAI_TEST_PLAIN=explicit\n") || out.startsWith("TEAMAI_TEST_PLAIN=explicit\n"));
        QVERIFY(out.contains("TEAMAI_TEST_EXTRA_TOKEN=mine\n"));
        QVERIFY(out.contains("\nPATH=") || out.startsWith("PATH="));
        qunsetenv("TEAMAI_TEST_API_KEY");
        qunsetenv("TEAMAI_TEST_SESSION_TOKEN");
        qunsetenv("teamai_test_password");
        qunsetenv("TEAMAI_TEST_PLAIN");

        // An empty spec environment means empty, never "inherit": the only entry is the run's
        // process-tree marker, which the executor adds to every child.
        ExecSpec spec = *resolved.spec;
        spec.environment = QProcessEnvironment();
        const ExecResult empty = m_executor->run(spec);
        QCOMPARE(empty.exitCode, std::optional<int>(0));
        QVERIFY2(empty.out.text.startsWith("TEAMAI_EXEC_TREE=") && empty.out.text.count('\n') == 1,
                 empty.out.text.constData());
    }

    void noInheritedDescriptors()
    {
        // Opened without O_CLOEXEC on purpose: the executor must still keep them from the child.
        const QString path = tmp(QStringLiteral("leaky-file"));
        QFile(path).open(QIODevice::WriteOnly);
        const int fileFd = ::open(QFile::encodeName(path).constData(), O_RDONLY);
        int pipeFds[2];
        QCOMPARE(::pipe(pipeFds), 0);
        QVERIFY(fileFd >= 3);

        const ExecResult result = m_executor->run(sh(QStringLiteral("ls -l /proc/self/fd/")));
        ::close(fileFd);
        ::close(pipeFds[0]);
        ::close(pipeFds[1]);
        QCOMPARE(result.exitCode, std::optional<int>(0));
        QVERIFY(!result.out.text.contains("leaky-file"));
        // Only 0, 1, 2 and ls's own directory descriptor may be open.
        for (const QByteArray &line : result.out.text.split('\n')) {
            const qsizetype arrow = line.indexOf(" -> ");
            if (arrow < 0)
                continue;
            const QList<QByteArray> words = line.left(arrow).split(' ');
            const int fd = words.last().toInt();
            const QByteArray target = line.mid(arrow + 4);
            if (fd >= 3)
                QVERIFY2(target.startsWith("/proc/"), line.constData());
        }
    }

    void execFailureIsStillReported()
    {
        // The child-side CLOEXEC sweep must not break QProcess's exec-failure pipe.
        const QString bogus = m_env->writeFile(QStringLiteral("bogus-exe"), QByteArray("\x7f" "ELF garbage", 12));
        QFile::setPermissions(bogus, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        ExecSpec spec = sh(QStringLiteral("true"));
        spec.program = bogus;
        const ExecResult result = m_executor->run(spec);
        QVERIFY(!result.startError.isEmpty());
        QVERIFY(!result.exitCode);
        QVERIFY(!result.succeeded());
        QVERIFY(failureSummary(result).startsWith(QLatin1String("cmd failed: ")));

        spec.program = QStringLiteral("/nonexistent/bin/sh");
        QVERIFY(!m_executor->run(spec).startError.isEmpty());
    }

    void neverSearchesPath()
    {
        // A bare name is refused, even though PATH has a matching executable.
        const QString binDir = tmp(QStringLiteral("fakebin"));
        QDir().mkpath(binDir);
        const QString marker = tmp(QStringLiteral("path-was-searched"));
        QFile fake(binDir + QStringLiteral("/fake-tool"));
        QVERIFY(fake.open(QIODevice::WriteOnly));
        fake.write(QStringLiteral("#!/bin/sh\ntouch %1\n").arg(marker).toUtf8());
        fake.close();
        fake.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);

        ExecSpec spec = sh(QStringLiteral("true"));
        spec.environment.insert(QStringLiteral("PATH"), binDir);
        spec.program = QStringLiteral("fake-tool");
        ExecResult result = m_executor->run(spec);
        QVERIFY(!result.startError.isEmpty());
        // An absolute path that does not exist does not fall back to PATH either.
        spec.program = QStringLiteral("/nonexistent/fake-tool");
        result = m_executor->run(spec);
        QVERIFY(!result.startError.isEmpty());
        QVERIFY(!QFile::exists(marker));
    }

    void workingDirectoryAndOnStarted()
    {
        ExecSpec spec = sh(QStringLiteral("pwd"));
        spec.workingDirectory = m_tmp->path();
        qint64 startedPid = 0;
        int calls = 0;
        spec.onStarted = [&](qint64 pid) {
            startedPid = pid;
            ++calls;
        };
        const ExecResult result = m_executor->run(spec);
        QCOMPARE(QString::fromUtf8(result.out.text.trimmed()), QFileInfo(m_tmp->path()).canonicalFilePath());
        QCOMPARE(calls, 1);
        QCOMPARE(startedPid, result.pid);
    }

    void largeOutputKeepsTailAndSpillsEverything()
    {
        const qint64 size = 20 * 1024 * 1024;
        QByteArray data(size, Qt::Uninitialized);
        QRandomGenerator rng(1234);
        rng.fillRange(reinterpret_cast<quint32 *>(data.data()), size / 4);
        const QString source = tmp(QStringLiteral("big.bin"));
        {
            QFile file(source);
            QVERIFY(file.open(QIODevice::WriteOnly));
            QCOMPARE(file.write(data), size);
        }
        const ExecResult result = m_executor->run(
            sh(QStringLiteral("cat %1; head -c 1000 %1 >&2").arg(source)));
        QCOMPARE(result.exitCode, std::optional<int>(0));
        QVERIFY(result.out.truncated);
        QCOMPARE(result.out.totalBytes, size);
        const qint64 cap = 8 * 1024 * 1024;
        QCOMPARE(result.out.text.size(), cap);
        QVERIFY(result.out.text == data.right(cap));
        QVERIFY(!result.err.truncated);
        QVERIFY(result.err.spillPath.isEmpty());
        QVERIFY(result.err.text == data.left(1000));

        QVERIFY(!result.out.spillPath.isEmpty());
        QFile spill(result.out.spillPath);
        QVERIFY(spill.open(QIODevice::ReadOnly));
        QVERIFY(spill.readAll() == data);
        const auto mask = QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup
            | QFile::WriteGroup | QFile::ExeGroup | QFile::ReadOther | QFile::WriteOther | QFile::ExeOther;
        QCOMPARE(QFile::permissions(result.out.spillPath) & mask, QFile::ReadOwner | QFile::WriteOwner);
        QCOMPARE(QFileInfo(result.out.spillPath).absolutePath(), spillDir());
        QCOMPARE(QFile::permissions(spillDir()) & mask, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        QVERIFY(QFile::remove(result.out.spillPath));
    }

    void memoryStaysBoundedForHugeOutput()
    {
        // 1 GiB through a pipe (SPEC: the agent may grow by 16 MiB at most): the 8 MiB tail and read
        // buffers only; everything else goes straight to the spill file.
#if defined(__SANITIZE_ADDRESS__)
        QSKIP("AddressSanitizer keeps freed memory in quarantine; RSS says nothing here");
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
        QSKIP("AddressSanitizer keeps freed memory in quarantine; RSS says nothing here");
#endif
#endif
        resetPeakRss();
        const qint64 before = peakRssKiB();
        QVERIFY(before > 0);
        const ExecResult result = m_executor->run(sh(QStringLiteral("head -c 1073741824 /dev/zero")));
        const qint64 growthKiB = peakRssKiB() - before;
        qInfo("peak RSS growth for 1 GiB of output: %lld KiB", growthKiB);
        QCOMPARE(result.exitCode, std::optional<int>(0));
        QCOMPARE(result.out.totalBytes, qint64(1024) * 1024 * 1024);
        QCOMPARE(QFileInfo(result.out.spillPath).size(), qint64(1024) * 1024 * 1024);
        QVERIFY2(growthKiB < 16 * 1024, qPrintable(QStringLiteral("peak RSS grew by %1 KiB").arg(growthKiB)));
        QFile::remove(result.out.spillPath);
    }

    void concurrentRunsFromThreads()
    {
        ExecResult a;
        ExecResult b;
        const ExecSpec specA = sh(QStringLiteral("sleep 0.2; echo A"));
        const ExecSpec specB = sh(QStringLiteral("sleep 0.2; echo B; exit 3"));
        QElapsedTimer clock;
        clock.start();
        std::thread ta([&] { a = m_executor->run(specA); });
        std::thread tb([&] { b = m_executor->run(specB); });
        ta.join();
        tb.join();
        QCOMPARE(a.out.text, QByteArray("A\n"));
        QCOMPARE(b.out.text, QByteArray("B\n"));
        QCOMPARE(b.exitCode, std::optional<int>(3));
        QVERIFY(clock.elapsed() < 2000);
    }

    void backgroundTaskIncrementalReads()
    {
        QSignalSpy finished(m_executor.get(), &Executor::taskFinished);
        ExecSpec spec = sh(QStringLiteral("echo one; sleep 0.3; echo two >&2; sleep 0.3; echo three; exit 4"));
        spec.owner = QStringLiteral("alice");
        int arrivals = 0;
        spec.onOutput = [&arrivals](QByteArrayView, QByteArrayView) { ++arrivals; };
        const TaskId id = m_executor->start(spec);
        QVERIFY(id != 0);
        auto info = m_executor->get(id);
        QVERIFY(info);
        QVERIFY(info->running);
        QVERIFY(info->pid > 0);
        QCOMPARE(info->owner, QStringLiteral("alice"));

        QByteArray out;
        QByteArray err;
        int reads = 0;
        bool done = false;
        QDeadlineTimer deadline(5000);
        while (!done && !deadline.hasExpired()) {
            // Read when the executor has taken in more output (onOutput) or the task has ended.
            const int seen = arrivals;
            QTRY_VERIFY_WITH_TIMEOUT(arrivals > seen || !finished.isEmpty(), 5000);
            const auto chunk = m_executor->readOutput(id, QStringLiteral("alice"));
            QVERIFY(chunk);
            QVERIFY(!chunk->lostOut && !chunk->lostErr);
            QCOMPARE(chunk->droppedOut + chunk->droppedErr, 0);
            if (!chunk->out.isEmpty() || !chunk->err.isEmpty())
                ++reads;
            out += chunk->out;
            err += chunk->err;
            if (out == "one\n" && err.isEmpty())
                QVERIFY(m_executor->get(id)->running);
            done = chunk->finished;
        }
        QVERIFY(done);
        QVERIFY2(reads >= 3, "output did not arrive incrementally");
        QCOMPARE(out, QByteArray("one\nthree\n"));
        QCOMPARE(err, QByteArray("two\n"));
        QTRY_COMPARE(finished.size(), 1);
        QCOMPARE(finished.first().first().value<TaskId>(), id);
        info = m_executor->get(id);
        QVERIFY(!info->running);
        QVERIFY(info->result);
        QCOMPARE(info->result->exitCode, std::optional<int>(4));
        QCOMPARE(info->result->out.text, QByteArray("one\nthree\n")); // the result keeps it all
        // Nothing new afterwards.
        const auto last = m_executor->readOutput(id, QStringLiteral("alice"));
        QVERIFY(last->out.isEmpty() && last->err.isEmpty() && last->finished);
        QVERIFY(m_executor->remove(id, QStringLiteral("alice")));
        QVERIFY(!m_executor->get(id));
    }

    void backgroundBacklogIsLossy()
    {
        ExecPolicy p = policy();
        p.memoryCapBytes = 64 * 1024;
        ExecSpec spec = sh(QStringLiteral("head -c 1048576 /dev/zero | tr '\\0' x; printf END"), 10000, &p);
        spec.owner = QStringLiteral("alice");
        QSignalSpy finished(m_executor.get(), &Executor::taskFinished);
        const TaskId id = m_executor->start(spec);
        QVERIFY(finished.wait(5000));
        const auto chunk = m_executor->readOutput(id, QStringLiteral("alice"));
        QVERIFY(chunk);
        QVERIFY(chunk->lostOut);
        QVERIFY(!chunk->lostErr);
        QVERIFY(chunk->finished);
        QCOMPARE(chunk->out.size(), 64 * 1024);
        // Dropped + kept = everything the child wrote: a reader can leave an exact hole.
        QCOMPARE(chunk->droppedOut, 1048576 + 3 - 64 * 1024);
        QCOMPARE(chunk->droppedErr, 0);
        QVERIFY(chunk->out.endsWith("xxxEND"));
        const auto again = m_executor->readOutput(id, QStringLiteral("alice"));
        QVERIFY(!again->lostOut);
        QCOMPARE(again->droppedOut, 0);
        QVERIFY(again->out.isEmpty());
        const auto info = m_executor->get(id);
        QVERIFY(info->result->out.truncated);
        QCOMPARE(QFileInfo(info->result->out.spillPath).size(), 1048576 + 3);
    }

    void ownerFiltering()
    {
        ExecSpec a = sh(QStringLiteral("echo from-alice; sleep 30"));
        a.owner = QStringLiteral("alice@example");
        ExecSpec b = sh(QStringLiteral("echo from-bob; sleep 30"));
        b.owner = QStringLiteral("bob");
        const TaskId idA = m_executor->start(a);
        const TaskId idB = m_executor->start(b);

        const auto alices = m_executor->list(QStringLiteral("alice@example"));
        QVERIFY(std::any_of(alices.begin(), alices.end(), [&](const TaskInfo &t) { return t.id == idA; }));
        QVERIFY(std::none_of(alices.begin(), alices.end(), [&](const TaskInfo &t) { return t.id == idB; }));
        for (const TaskInfo &t : alices)
            QCOMPARE(t.owner, QStringLiteral("alice@example"));
        QVERIFY(m_executor->list(QStringLiteral("ALICE@EXAMPLE")).isEmpty()); // compared exactly
        QVERIFY(m_executor->list(QString()).isEmpty());

        QVERIFY(!m_executor->readOutput(idB, QStringLiteral("alice@example")));
        QVERIFY(!m_executor->kill(idB, QStringLiteral("alice@example")));
        QVERIFY(!m_executor->readOutput(9999, QStringLiteral("bob")));
        QByteArray bobOut;
        QTRY_VERIFY((bobOut += m_executor->readOutput(idB, QStringLiteral("bob"))->out).contains("from-bob"));
        QCOMPARE(bobOut, QByteArray("from-bob\n"));

        QSignalSpy finished(m_executor.get(), &Executor::taskFinished);
        QVERIFY(m_executor->kill(idB, QStringLiteral("bob")));
        QVERIFY(m_executor->kill(idA, QStringLiteral("alice@example")));
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, 3000);
        QVERIFY(m_executor->get(idA)->result->cancelled);
        QVERIFY(m_executor->get(idB)->result->cancelled);
        QVERIFY(!m_executor->kill(idB, QStringLiteral("bob"))); // already finished
        QVERIFY(!m_executor->remove(idB, QStringLiteral("alice@example")));
    }

    void cancelHandleFromTimerStopsTask()
    {
        ExecSpec spec = sh(QStringLiteral("sleep 30"));
        spec.owner = QStringLiteral("timer");
        CancelHandle cancel = spec.cancel;
        QSignalSpy finished(m_executor.get(), &Executor::taskFinished);
        const TaskId id = m_executor->start(spec);
        QTimer::singleShot(200, [cancel]() mutable { cancel.cancel(); });
        QVERIFY(finished.wait(3000));
        const auto info = m_executor->get(id);
        QVERIFY(info->result->cancelled);
        QCOMPARE(info->result->signal, std::optional<int>(SIGTERM));
        QVERIFY(isGone(info->pid));
    }

    void startFailureIsReportedAsFinishedTask()
    {
        ExecSpec spec = sh(QStringLiteral("true"));
        spec.program = QStringLiteral("/nonexistent/tool");
        spec.owner = QStringLiteral("x");
        QSignalSpy finished(m_executor.get(), &Executor::taskFinished);
        const TaskId id = m_executor->start(spec);
        QVERIFY(finished.wait(2000));
        const auto info = m_executor->get(id);
        QVERIFY(!info->running);
        QVERIFY(!info->result->startError.isEmpty());
        QVERIFY(m_executor->readOutput(id, QStringLiteral("x"))->finished);
    }

    void destructorKillsRunningTasks()
    {
        const QString grandFile = tmp(QStringLiteral("dtor-grand.pid"));
        auto executor = std::make_unique<LocalExecutor>(policy());
        const TaskId id = executor->start(
            sh(QStringLiteral("trap '' TERM; /bin/sh -c 'trap \"\" TERM; echo $$ > %1; sleep 30' & sleep 30")
                   .arg(grandFile)));
        const qint64 pid = executor->get(id)->pid;
        QVERIFY(waitForFile(grandFile));
        const qint64 grand = readPid(grandFile);
        executor.reset();
        QVERIFY(isGone(pid));
        QVERIFY(isGone(grand));
    }
};

QTEST_GUILESS_MAIN(TestLocalExecutor)
#include "tst_localexecutor.moc"
