// bench_exec: how much the executor costs.
//  1. spawn overhead: median wall time of LocalExecutor::run() for a quick program (default
//     /bin/true; point it at `teamai --version`), next to a plain QProcess start+wait baseline;
//  2. capture throughput: a child writing N bytes (default 1 GiB from /usr/bin/head -c N
//     /dev/zero) through the capture and spill path, in MB/s, with the peak RSS growth.
// Usage: bench_exec [--runs N] [--bytes N] [--skip-throughput] [program [args…]]
#include "exec/LocalExecutor.h"

#include "BenchArguments.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace teamai::exec;

namespace {

struct Stats {
    double median = 0, p90 = 0, min = 0;
};

Stats stats(std::vector<double> samples)
{
    std::sort(samples.begin(), samples.end());
    Stats s;
    s.min = samples.front();
    s.median = samples[samples.size() / 2];
    s.p90 = samples[samples.size() * 9 / 10];
    return s;
}

qint64 statusKiB(const char *field)
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith(field))
            return line.mid(qsizetype(qstrlen(field))).trimmed().split(' ').first().toLongLong();
    }
    return -1;
}

void resetPeakRss()
{
    QFile refs(QStringLiteral("/proc/self/clear_refs")); // "5" resets VmHWM (Linux >= 4.0)
    if (refs.open(QIODevice::WriteOnly))
        refs.write("5");
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = teamai::bench::quietArguments(app, QStringLiteral("teamai.exec"));
    int runs = 200;
    qint64 bytes = qint64(1) << 30;
    bool throughput = true;
    while (!args.isEmpty() && args.first().startsWith(QLatin1String("--"))) {
        const QString flag = args.takeFirst();
        if (flag == QLatin1String("--runs") && !args.isEmpty())
            runs = std::max(1, args.takeFirst().toInt());
        else if (flag == QLatin1String("--bytes") && !args.isEmpty())
            bytes = args.takeFirst().toLongLong();
        else if (flag == QLatin1String("--skip-throughput"))
            throughput = false;
        else {
            std::fprintf(stderr, "usage: bench_exec [--runs N] [--bytes N] [--skip-throughput] [program [args...]]\n");
            return 2;
        }
    }
    const QString program = args.isEmpty() ? QStringLiteral("/bin/true") : args.takeFirst();

    QTemporaryDir spill;
    ExecPolicy policy;
    policy.spillDir = spill.path();
    LocalExecutor executor(policy);

    ExecRequest request;
    request.program = program;
    request.arguments = args;
    const Resolved resolved = resolve(request, policy);
    if (!resolved.spec) {
        std::fprintf(stderr, "%s\n", qPrintable(resolved.error));
        return 2;
    }

    // 1. Spawn overhead (a few warm-up runs fill caches first).
    std::vector<double> viaExecutor;
    std::vector<double> viaQProcess;
    for (int i = 0; i < 10; ++i)
        executor.run(*resolved.spec);
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer clock;
        clock.start();
        const ExecResult result = executor.run(*resolved.spec);
        viaExecutor.push_back(double(clock.nsecsElapsed()) / 1e6);
        if (!result.succeeded()) {
            std::fprintf(stderr, "run failed: %s\n", qPrintable(failureSummary(result)));
            return 1;
        }
        clock.restart();
        QProcess plain;
        plain.start(program, args);
        plain.waitForFinished();
        viaQProcess.push_back(double(clock.nsecsElapsed()) / 1e6);
    }
    const Stats e = stats(viaExecutor);
    const Stats q = stats(viaQProcess);
    std::printf("spawn %s (%d runs)\n", qPrintable(program), runs);
    std::printf("  LocalExecutor::run  median %.3f ms  p90 %.3f ms  min %.3f ms\n", e.median, e.p90, e.min);
    std::printf("  plain QProcess      median %.3f ms  p90 %.3f ms  min %.3f ms\n", q.median, q.p90, q.min);
    std::printf("  overhead (median)   %.3f ms\n", e.median - q.median);

    if (!throughput)
        return 0;

    // 2. Capture throughput and memory.
    ExecRequest flood;
    flood.program = QStringLiteral("/usr/bin/head");
    flood.arguments = {QStringLiteral("-c"), QString::number(bytes), QStringLiteral("/dev/zero")};
    const Resolved floodSpec = resolve(flood, policy);
    if (!floodSpec.spec) {
        std::fprintf(stderr, "%s\n", qPrintable(floodSpec.error));
        return 2;
    }
    const qint64 hwmBefore = statusKiB("VmHWM:");
    resetPeakRss();
    const qint64 rssBefore = statusKiB("VmHWM:");
    QElapsedTimer clock;
    clock.start();
    const ExecResult result = executor.run(*floodSpec.spec);
    const double seconds = double(clock.nsecsElapsed()) / 1e9;
    const qint64 hwmAfter = statusKiB("VmHWM:");
    if (!result.succeeded() || result.out.totalBytes != bytes) {
        std::fprintf(stderr, "flood failed: %s (%lld bytes)\n", qPrintable(failureSummary(result)),
                     static_cast<long long>(result.out.totalBytes));
        return 1;
    }
    std::printf("capture %lld bytes from /usr/bin/head (spilled to %s)\n", static_cast<long long>(bytes),
                result.out.spillPath.isEmpty() ? "nowhere" : "disk");
    std::printf("  %.2f s  %.0f MB/s  (%.0f MiB/s)\n", seconds, double(bytes) / 1e6 / seconds,
                double(bytes) / 1048576.0 / seconds);
    std::printf("  VmHWM before %lld KiB (reset to %lld), after %lld KiB: peak growth %lld KiB\n",
                static_cast<long long>(hwmBefore), static_cast<long long>(rssBefore),
                static_cast<long long>(hwmAfter), static_cast<long long>(hwmAfter - rssBefore));
    QFile::remove(result.out.spillPath);
    return 0;
}
