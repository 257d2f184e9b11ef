// bench_claims: N agent processes race for the same M commands in one ledger (issue #13: "10
// processes × 1,000 commands — every id run once, p99 claim latency"). Each process admits every
// id and tries to claim it, as a hook does with a sync answer; the one whose claim wins "runs" it
// (records the id) and completes it with its ack. The parent then checks that every id ran exactly
// once and prints the latency of admit + claim across all processes.
//
// Usage: bench_claims [--processes N] [--commands M]      (uses $TEAMAI_HOME's ledger)
#include "commands/Command.h"
#include "store/CommandLedger.h"
#include "store/LedgerDatabase.h"
#include "store/ProcessIdentity.h"

#include "BenchArguments.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <map>

using namespace teamai;

namespace {

// One racer: writes "<id> <ran 0|1> <latency µs>" per command to @p out.
int race(int commands, const QString &out)
{
    LedgerDatabase database;
    if (const Status opened = database.open(); !opened) {
        std::fprintf(stderr, "bench_claims: %s\n", qPrintable(opened.error()));
        return 1;
    }
    CommandLedger ledger(database);
    QFile file(out);
    if (!file.open(QIODevice::WriteOnly))
        return 1;
    for (qint64 id = 1; id <= commands; ++id) {
        const Command command = Command::fromJson(QJsonObject{{QStringLiteral("id"), id}, {QStringLiteral("type"), QStringLiteral("noop")}});
        QElapsedTimer timer;
        timer.start();
        const CommandLedger::Admitted admitted = ledger.admit(command, QStringLiteral("claude"), {});
        const bool won = (admitted.admission == CommandLedger::Admission::New || admitted.admission == CommandLedger::Admission::Pending)
            && ledger.claim(admitted.row.rowId, ProcessIdentity::current());
        const qint64 latency = timer.nsecsElapsed() / 1000;
        if (won) {
            CommandCompletion done;
            done.state = CommandState::Failed;
            done.delivery = Delivery::NotDelivered;
            done.error = QStringLiteral("Unsupported command type: noop");
            done.ackPayload = QJsonObject{{QStringLiteral("id"), id}, {QStringLiteral("status"), QStringLiteral("failed")}};
            (void)ledger.complete(admitted.row.rowId, done);
        }
        file.write(QByteArray::number(id) + ' ' + (won ? '1' : '0') + ' ' + QByteArray::number(latency) + '\n');
    }
    return 0;
}

int report(int processes, int commands, const QString &dir)
{
    std::map<qint64, int> runs;
    QList<qint64> latencies;
    for (int p = 0; p < processes; ++p) {
        QFile file(QStringLiteral("%1/%2.txt").arg(dir).arg(p));
        if (!file.open(QIODevice::ReadOnly))
            return 1;
        for (const QByteArray &line : file.readAll().split('\n')) {
            const QList<QByteArray> f = line.split(' ');
            if (f.size() != 3)
                continue;
            runs[f[0].toLongLong()] += f[1] == "1" ? 1 : 0;
            latencies.append(f[2].toLongLong());
        }
    }
    int wrong = 0;
    for (qint64 id = 1; id <= commands; ++id)
        wrong += runs[id] == 1 ? 0 : 1;
    std::sort(latencies.begin(), latencies.end());
    const auto at = [&](double q) { return latencies.isEmpty() ? 0.0 : double(latencies.at(qsizetype(q * double(latencies.size() - 1)))) / 1000.0; };
    std::printf("bench_claims: %d processes x %d commands: %d id(s) not run exactly once; admit+claim p50 %.2f ms, p99 %.2f ms, max %.2f ms\n",
                processes, commands, wrong, at(0.5), at(0.99), at(1.0));
    return wrong == 0 ? 0 : 1;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = bench::quietArguments(app, QStringLiteral("teamai.*"));
    int processes = 10, commands = 1000;
    QString child;
    while (!args.isEmpty()) {
        const QString flag = args.takeFirst();
        if (flag == QLatin1String("--processes") && !args.isEmpty())
            processes = args.takeFirst().toInt();
        else if (flag == QLatin1String("--commands") && !args.isEmpty())
            commands = args.takeFirst().toInt();
        else if (flag == QLatin1String("--child") && !args.isEmpty())
            child = args.takeFirst();
        else {
            std::fprintf(stderr, "usage: bench_claims [--processes N] [--commands M]\n");
            return 2;
        }
    }
    if (!child.isEmpty())
        return race(commands, child);

    QTemporaryDir dir;
    QList<QProcess *> racers;
    for (int p = 0; p < processes; ++p) {
        auto *racer = new QProcess(&app);
        racer->setProcessChannelMode(QProcess::ForwardedChannels);
        racer->start(app.applicationFilePath(), {QStringLiteral("--commands"), QString::number(commands), QStringLiteral("--child"),
                                                 QStringLiteral("%1/%2.txt").arg(dir.path()).arg(p)});
        racers.append(racer);
    }
    for (QProcess *racer : racers) {
        if (!racer->waitForFinished(600000) || racer->exitCode() != 0) {
            std::fprintf(stderr, "bench_claims: a racer failed\n");
            return 1;
        }
    }
    return report(processes, commands, dir.path());
}
