// bench_tray: the numbers issues #6 and 19 ask for.
//  1. The Commands window at 10,000 finished commands (issue 19 item 5): open to the first
//     painted rows (a new ledger connection and window each time), the rows read for it, then
//     scrolling to the end a page at a time (the view's fetchMore), sorting, filtering, a reload
//     with every row shown, and the bench's RSS as the window fills and after it is closed.
//  2. The ack history at 1,000,000 rows: time from "open" (a new ledger connection and a new
//     AckHistoryWindow) to the first painted rows, offscreen; then scrolling: jumps to the end,
//     the middle and random places, and page-by-page scrolling, each timed to the repaint.
//  3. The tray at rest: teamai-tray (under Xvfb + trayer when they are installed, else
//     offscreen) synced against the development backend, then left alone; RSS and CPU time
//     over the following minute from /proc.
// Usage: bench_tray [--commands N] [--rows N] [--idle-seconds S] [--skip-idle] [--skip-history]
// Not a test: numbers vary by machine. Built with -DTEAMAI_BUILD_BENCH=ON.

#include "commands/Command.h"
#include "models/AckHistoryModel.h"
#include "models/CommandsModel.h"
#include "store/CommandLedger.h"
#include "store/LedgerDatabase.h"
#include "store/ProcessIdentity.h"
#include "windows/AckHistoryWindow.h"
#include "windows/CommandsWindow.h"

#include "AckFixture.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QHeaderView>
#include <QLineEdit>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QScrollBar>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <unistd.h>

using namespace teamai;
using namespace teamai::ui;

namespace {

void out(const QString &line)
{
    std::printf("%s\n", line.toUtf8().constData());
    std::fflush(stdout);
}

struct Stats {
    double min = 0, median = 0, p95 = 0, max = 0;
};

Stats statsOf(QList<double> values)
{
    Stats s;
    if (values.isEmpty())
        return s;
    std::sort(values.begin(), values.end());
    s.min = values.first();
    s.max = values.last();
    s.median = values.at(values.size() / 2);
    s.p95 = values.at(std::min<qsizetype>(values.size() - 1, qsizetype(values.size() * 0.95)));
    return s;
}

QString fmt(const Stats &s)
{
    return QStringLiteral("min %1 ms, median %2 ms, p95 %3 ms, max %4 ms")
        .arg(s.min, 0, 'f', 1).arg(s.median, 0, 'f', 1).arg(s.p95, 0, 'f', 1).arg(s.max, 0, 'f', 1);
}

/// Sets a flag when the watched widget has been painted.
class PaintProbe : public QObject
{
public:
    bool painted = false;
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Paint)
            painted = true;
        return QObject::eventFilter(watched, event);
    }
};

/// Shows @p window and returns once @p table has painted its first rows.
void showUntilPainted(QWidget &window, QTableView *table)
{
    PaintProbe probe;
    table->viewport()->installEventFilter(&probe);
    window.show();
    while (!probe.painted)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    table->viewport()->removeEventFilter(&probe);
}

double repaintMs(QTableView *table)
{
    QElapsedTimer timer;
    timer.start();
    table->viewport()->repaint();  // synchronous: runs data() for every visible cell
    return timer.nsecsElapsed() / 1e6;
}

double scrollTo(QTableView *table, int value)
{
    QElapsedTimer timer;
    timer.start();
    table->verticalScrollBar()->setValue(value);
    table->viewport()->repaint();
    return timer.nsecsElapsed() / 1e6;
}

qint64 procStatus(qint64 pid, const char *field)
{
    QFile file(QStringLiteral("/proc/%1/status").arg(pid));
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : file.readAll().split('\n')) {
        if (line.startsWith(field))
            return line.mid(qstrlen(field)).trimmed().split(' ').first().toLongLong();
    }
    return -1;
}

/// utime + stime in clock ticks.
qint64 cpuTicks(qint64 pid)
{
    QFile file(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray stat = file.readAll();
    const QList<QByteArray> fields = stat.mid(stat.lastIndexOf(')') + 2).split(' ');
    return fields.value(11).toLongLong() + fields.value(12).toLongLong();  // fields 14 and 15
}

void benchHistory(qint64 rows)
{
    out(QStringLiteral("## Ack history with %1 rows").arg(rows));
    {
        LedgerDatabase database;
        if (!database.open())
            qFatal("cannot open the ledger");
        QElapsedTimer fill;
        fill.start();
        QString error;
        if (!test::AckFixture::fill(database, rows, QDateTime::currentDateTimeUtc().addSecs(-rows), &error))
            qFatal("fill failed: %s", qPrintable(error));
        out(QStringLiteral("fill: %1 rows in %2 s (one transaction, one prepared statement)").arg(rows).arg(fill.elapsed() / 1000.0, 0, 'f', 1));
    }
    out(QStringLiteral("database: %1 MB").arg(QFileInfo(LedgerDatabase::defaultPath()).size() / 1e6, 0, 'f', 0));

    QList<double> opens;
    for (int round = 0; round < 6; ++round) {
        QElapsedTimer timer;
        timer.start();
        LedgerDatabase database;
        if (!database.open())
            qFatal("cannot open the ledger");
        AckHistoryWindow window(database);
        showUntilPainted(window, window.table());
        const double ms = timer.nsecsElapsed() / 1e6;
        if (window.model()->rowCount() != rows)
            qFatal("the window shows %d rows", window.model()->rowCount());
        if (round > 0)  // the first round pays one-time costs (fonts, styles)
            opens.append(ms);
        else
            out(QStringLiteral("open → first painted rows, first window of the process: %1 ms").arg(ms, 0, 'f', 1));
    }
    out(QStringLiteral("open → first painted rows (new connection + window each time, 5 runs): %1").arg(fmt(statsOf(opens))));

    LedgerDatabase database;
    if (!database.open())
        qFatal("cannot open the ledger");
    AckHistoryWindow window(database);
    window.resize(1100, 700);
    window.show();
    QCoreApplication::processEvents();
    QTableView *table = window.table();
    QScrollBar *bar = table->verticalScrollBar();
    out(QStringLiteral("scroll range: %1 rows, %2 per page").arg(bar->maximum()).arg(bar->pageStep()));

    out(QStringLiteral("jump to the end: %1 ms").arg(scrollTo(table, bar->maximum()), 0, 'f', 1));
    out(QStringLiteral("jump to the middle: %1 ms").arg(scrollTo(table, bar->maximum() / 2), 0, 'f', 1));
    out(QStringLiteral("jump back to the top: %1 ms").arg(scrollTo(table, 0), 0, 'f', 1));

    QList<double> jumps;
    QRandomGenerator random(42);
    for (int i = 0; i < 40; ++i)
        jumps.append(scrollTo(table, random.bounded(bar->maximum() + 1)));
    out(QStringLiteral("40 random jumps (uncached pages): %1").arg(fmt(statsOf(jumps))));

    QList<double> pages;
    bar->setValue(bar->maximum() / 3);
    for (int i = 0; i < 300; ++i)
        pages.append(scrollTo(table, bar->value() + bar->pageStep()));
    out(QStringLiteral("300 pages down from a third of the way: %1").arg(fmt(statsOf(pages))));

    QList<double> wheel;
    bar->setValue(bar->maximum() - 5000);
    for (int i = 0; i < 300; ++i)
        wheel.append(scrollTo(table, bar->value() + 3));
    out(QStringLiteral("300 wheel steps (3 rows) near the end: %1").arg(fmt(statsOf(wheel))));
    QList<double> repaints;
    for (int i = 0; i < 50; ++i)
        repaints.append(repaintMs(table));
    out(QStringLiteral("repaint of a cached page: %1").arg(fmt(statsOf(repaints))));
    out(QStringLiteral("pages read from the database: %1").arg(window.model()->pageLoads()));

    const auto timed = [&](const QString &what, const std::function<void()> &apply) {
        QElapsedTimer timer;
        timer.start();
        apply();
        table->viewport()->repaint();
        out(QStringLiteral("%1: %2 rows in %3 ms").arg(what).arg(window.model()->rowCount()).arg(timer.nsecsElapsed() / 1e6, 0, 'f', 1));
    };
    timed(QStringLiteral("filter state=failed"), [&] { window.stateFilter()->setCurrentIndex(window.stateFilter()->findData(QStringLiteral("failed"))); });
    timed(QStringLiteral("  + type=install_rule"), [&] { window.typeFilter()->setCurrentIndex(window.typeFilter()->findData(QStringLiteral("install_rule"))); });
    timed(QStringLiteral("filters cleared"), [&] {
        window.stateFilter()->setCurrentIndex(0);
        window.typeFilter()->setCurrentIndex(0);
    });
    timed(QStringLiteral("search \"(row %1)\" (bounded substring scan)").arg(rows - 3), [&] {
        window.searchField()->setText(QStringLiteral("(row %1)").arg(rows - 3));
        window.applyFilters();
    });
    const QString someId = QString::number(1000 + rows / 2 - 7);
    timed(QStringLiteral("search a command id \"%1\" (index)").arg(someId), [&] {
        window.searchField()->setText(someId);
        window.applyFilters();
    });
    timed(QStringLiteral("search \"connection refused\""), [&] {
        window.searchField()->setText(QStringLiteral("connection refused"));
        window.applyFilters();
    });
    window.searchField()->clear();
    window.applyFilters();
    out(QStringLiteral("bench process peak RSS: %1 MB").arg(procStatus(getpid(), "VmHWM:") / 1024.0, 0, 'f', 1));
}

/// @brief @p count finished commands, through the ledger's own API as a sync stores them: every
/// fifth failed, every third a restricted `cmd` with a little output.
void fillCommands(CommandLedger &ledger, int count)
{
    QList<Command> commands;
    for (int id = 1; id <= count; ++id) {
        const bool cmd = id % 3 == 0;
        QJsonObject json{{QStringLiteral("id"), id}, {QStringLiteral("type"), cmd ? QStringLiteral("cmd") : QStringLiteral("install_skill")}};
        if (cmd)
            json.insert(QStringLiteral("cmd"), QStringLiteral("teamai --version"));
        else
            json.insert(QStringLiteral("skill_slug"), QStringLiteral("skill-%1").arg(id % 500));
        commands << Command::fromJson(json);
    }
    const CommandLedger::Admissions admitted = ledger.admitAll(commands, QStringLiteral("claude"), QStringLiteral("bench"));
    if (admitted.admitted.size() != count)
        qFatal("admitted %d of %d commands", int(admitted.admitted.size()), count);
    const ProcessIdentity self = ProcessIdentity::current();
    for (const CommandLedger::Admitted &one : admitted.admitted) {
        const bool failed = one.row.commandId % 5 == 0;
        CommandCompletion done;
        done.state = failed ? CommandState::Failed : CommandState::Succeeded;
        done.error = failed ? QStringLiteral("cmd failed: exit 1 (command %1)").arg(one.row.commandId) : QString();
        RunRecord run;
        run.status = failed ? 1 : 0;
        run.stdoutText = QByteArrayLiteral("teamai 0.1.0\n");
        done.run = run;
        done.ackPayload = QJsonObject{{QStringLiteral("id"), one.row.commandId}, {QStringLiteral("status"), failed ? QStringLiteral("failed") : QStringLiteral("success")}};
        if (!ledger.claim(one.row.rowId, self) || !ledger.complete(one.row.rowId, done))
            qFatal("cannot finish command %lld", one.row.commandId);
    }
}

/// Opens a new connection and Commands window, to its first painted rows: ms, and the rows it read.
std::pair<double, qint64> openCommandsWindow(const QString &path)
{
    QElapsedTimer timer;
    timer.start();
    LedgerDatabase database(path);
    if (!database.open())
        qFatal("cannot open the ledger");
    CommandLedger ledger(database);
    CommandsWindow window(ledger);
    showUntilPainted(window, window.table());
    return {timer.nsecsElapsed() / 1e6, window.model()->rowsRead()};
}

/// Scrolls to the end the way a user dragging the bar does: the view fetches a page each time
/// it reaches the bottom. Returns each step's time (fetch and repaint).
QList<double> scrollCommandsToTheEnd(CommandsWindow &window)
{
    QList<double> steps;
    QTableView *table = window.table();
    while (window.model()->canFetchMore({})) {
        QElapsedTimer timer;
        timer.start();
        table->scrollToBottom();
        QCoreApplication::processEvents();  // the view's fetchMore runs from its event loop
        table->viewport()->repaint();
        steps.append(timer.nsecsElapsed() / 1e6);
    }
    return steps;
}

void timedOnCommands(CommandsWindow &window, const QString &what, const std::function<void()> &apply)
{
    QElapsedTimer timer;
    timer.start();
    apply();
    window.table()->viewport()->repaint();
    out(QStringLiteral("%1: %2 rows shown, in %3 ms").arg(what).arg(window.model()->rowCount()).arg(timer.nsecsElapsed() / 1e6, 0, 'f', 1));
}

void benchCommandsScrolling(CommandsWindow &window, int count)
{
    CommandsModel *model = window.model();
    out(QStringLiteral("bench RSS with the first page: %1 MB").arg(procStatus(getpid(), "VmRSS:") / 1024.0, 0, 'f', 1));
    const QList<double> steps = scrollCommandsToTheEnd(window);
    double total = 0;
    for (const double step : steps)
        total += step;
    out(QStringLiteral("scroll to the end: %1 fetches of %2 rows, %3 ms in all; each fetch + repaint: %4")
            .arg(steps.size()).arg(CommandsModel::kPageSize).arg(total, 0, 'f', 1).arg(fmt(statsOf(steps))));
    if (model->rowCount() != count)
        qFatal("the window shows %d of %d commands", model->rowCount(), count);
    QScrollBar *bar = window.table()->verticalScrollBar();
    QList<double> pages;
    bar->setValue(0);
    for (int i = 0; i < 100; ++i)
        pages.append(scrollTo(window.table(), bar->value() + bar->pageStep()));
    out(QStringLiteral("100 pages down through rows read: %1").arg(fmt(statsOf(pages))));
    out(QStringLiteral("bench RSS with all %1 rows read: %2 MB").arg(count).arg(procStatus(getpid(), "VmRSS:") / 1024.0, 0, 'f', 1));
    timedOnCommands(window, QStringLiteral("reload with every row shown (a ledger change)"), [&] { window.reload(); });
}

void benchCommands(int count, const QString &folder)
{
    out(QStringLiteral("## Commands window with %1 finished commands").arg(count));
    const QString path = folder + QStringLiteral("/commands-ledger.db");
    {
        LedgerDatabase database(path);
        if (!database.open())
            qFatal("cannot open the ledger");
        CommandLedger ledger(database);
        QElapsedTimer fill;
        fill.start();
        fillCommands(ledger, count);
        out(QStringLiteral("fill: %1 commands admitted, claimed and finished through CommandLedger in %2 s").arg(count).arg(fill.elapsed() / 1000.0, 0, 'f', 1));
    }
    QList<double> opens;
    for (int round = 0; round < 6; ++round) {
        const auto [ms, read] = openCommandsWindow(path);
        if (round == 0)
            out(QStringLiteral("open → first painted rows, first window of the process: %1 ms; rows read: %2 of %3").arg(ms, 0, 'f', 1).arg(read).arg(count));
        else
            opens.append(ms);
    }
    out(QStringLiteral("open → first painted rows (new connection + window each time, 5 runs): %1").arg(fmt(statsOf(opens))));

    LedgerDatabase database(path);
    if (!database.open())
        qFatal("cannot open the ledger");
    CommandLedger ledger(database);
    auto *window = new CommandsWindow(ledger);
    window->resize(1160, 640);
    window->show();
    QCoreApplication::processEvents();
    benchCommandsScrolling(*window, count);
    timedOnCommands(*window, QStringLiteral("sort by id, oldest first (every row, in the query)"),
                    [&] { window->table()->sortByColumn(CommandsModel::Id, Qt::AscendingOrder); });
    timedOnCommands(*window, QStringLiteral("sort by received, newest first"),
                    [&] { window->table()->sortByColumn(CommandsModel::Received, Qt::DescendingOrder); });
    timedOnCommands(*window, QStringLiteral("state filter: failed"),
                    [&] { window->stateFilter()->setCurrentIndex(window->stateFilter()->findData(QStringLiteral("failed"))); });
    timedOnCommands(*window, QStringLiteral("state filter cleared"), [&] { window->stateFilter()->setCurrentIndex(0); });
    timedOnCommands(*window, QStringLiteral("text filter matching only the oldest command (reads every row)"),
                    [&] { window->filterField()->setText(QStringLiteral("(command 5)")); });
    timedOnCommands(*window, QStringLiteral("text filter cleared"), [&] { window->filterField()->clear(); });
    window->close();
    QCoreApplication::processEvents();
    out(QStringLiteral("bench RSS after the window was closed (it keeps one page, os::releaseFreedMemory()): %1 MB").arg(procStatus(getpid(), "VmRSS:") / 1024.0, 0, 'f', 1));
    delete window;
    out(QString());
}

bool startProcess(QProcess &process, const QString &program, const QStringList &arguments)
{
    process.start(program, arguments);
    return process.waitForStarted(5000);
}

void benchIdle(int seconds, const QString &home)
{
    out(QString());
    out(QStringLiteral("## teamai-tray at rest"));
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    QProcess xvfb;
    QProcess trayer;
    const bool x11 = !QStandardPaths::findExecutable(QStringLiteral("Xvfb")).isEmpty()
        && !QStandardPaths::findExecutable(QStringLiteral("trayer")).isEmpty();
    if (x11) {
        startProcess(xvfb, QStringLiteral("Xvfb"), {QStringLiteral("-displayfd"), QStringLiteral("1"), QStringLiteral("-screen"),
                                                     QStringLiteral("0"), QStringLiteral("1280x800x24"), QStringLiteral("-nolisten"), QStringLiteral("tcp")});
        QByteArray number;
        while (!number.contains('\n') && xvfb.waitForReadyRead(5000))
            number += xvfb.readAllStandardOutput();
        env.insert(QStringLiteral("DISPLAY"), u':' + QString::fromLatin1(number.trimmed()));
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("xcb"));
        trayer.setProcessEnvironment(env);
        startProcess(trayer, QStringLiteral("trayer"), {QStringLiteral("--edge"), QStringLiteral("top"), QStringLiteral("--align"),
                                                         QStringLiteral("right"), QStringLiteral("--SetDockType"), QStringLiteral("true")});
        QThread::msleep(500);
    } else {
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    }

    QProcess server;
    startProcess(server, QStringLiteral(TEAMAI_DEVSERVER_BIN), {QStringLiteral("--quiet")});
    QByteArray announce;
    while (!announce.contains('\n') && server.waitForReadyRead(5000))
        announce += server.readAllStandardOutput();
    const QString url = QRegularExpression(QStringLiteral("http://[0-9.:]+")).match(QString::fromUtf8(announce)).captured(0);

    // A fresh HOME with a configured agent (the ledger of part 1 stays where it was).
    const QString trayHome = home + QStringLiteral("/idle-home");
    QDir().mkpath(trayHome);
    env.insert(QStringLiteral("HOME"), trayHome);
    env.insert(QStringLiteral("TEAMAI_HOME"), trayHome + QStringLiteral("/.teamai"));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), trayHome + QStringLiteral("/.config"));
    env.insert(QStringLiteral("NO_PROXY"), QStringLiteral("*"));
    env.remove(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"));
    QProcess init;
    init.setProcessEnvironment(env);
    init.start(QStringLiteral(TEAMAI_BIN), {QStringLiteral("init"), QStringLiteral("--http"), url, QStringLiteral("--token"),
                                            QStringLiteral("dev-token"), QStringLiteral("--token-store"), QStringLiteral("file")});
    init.waitForFinished(10000);

    QProcess tray;
    tray.setProcessEnvironment(env);
    tray.setStandardOutputFile(QProcess::nullDevice());
    tray.setStandardErrorFile(QProcess::nullDevice());
    startProcess(tray, QStringLiteral(TEAMAI_TRAY_BIN), {});
    const qint64 pid = tray.processId();
    const long ticksPerSecond = sysconf(_SC_CLK_TCK);
    QThread::sleep(5);  // start-up and the first sync (due one second after start)
    const qint64 rssStart = procStatus(pid, "VmRSS:");
    const qint64 ticksStart = cpuTicks(pid);
    QElapsedTimer wall;
    wall.start();
    QThread::sleep(seconds);
    const qint64 ticksEnd = cpuTicks(pid);
    const double elapsed = wall.elapsed() / 1000.0;
    const qint64 rssEnd = procStatus(pid, "VmRSS:");
    const qint64 hwm = procStatus(pid, "VmHWM:");
    const qint64 threads = procStatus(pid, "Threads:");
    const double cpuSeconds = double(ticksEnd - ticksStart) / double(ticksPerSecond);
    out(QStringLiteral("platform: %1").arg(x11 ? QStringLiteral("xcb under Xvfb with trayer") : QStringLiteral("offscreen")));
    out(QStringLiteral("RSS 5 s after start: %1 MB; after %2 s more at rest: %3 MB (peak %4 MB); %5 threads")
            .arg(rssStart / 1024.0, 0, 'f', 1).arg(seconds).arg(rssEnd / 1024.0, 0, 'f', 1).arg(hwm / 1024.0, 0, 'f', 1).arg(threads));
    out(QStringLiteral("CPU over those %1 s: %2 s (%3 %), clock tick %4 ms")
            .arg(elapsed, 0, 'f', 1).arg(cpuSeconds, 0, 'f', 2).arg(100.0 * cpuSeconds / elapsed, 0, 'f', 3).arg(1000 / ticksPerSecond));

    tray.terminate();
    if (!tray.waitForFinished(5000)) {
        tray.kill();
        tray.waitForFinished();
    }
    for (QProcess *process : {&server, &trayer, &xvfb}) {
        if (process->state() == QProcess::NotRunning)
            continue;
        process->terminate();
        if (!process->waitForFinished(3000)) {
            process->kill();
            process->waitForFinished();
        }
    }
}

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QTemporaryDir home;
    qputenv("HOME", QFile::encodeName(home.path()));
    qputenv("TEAMAI_HOME", QFile::encodeName(home.path() + QStringLiteral("/.teamai")));
    qputenv("QT_LOGGING_RULES", "teamai.*.info=false");
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    const auto option = [&](const QString &name, qint64 fallback) {
        const qsizetype at = args.indexOf(name);
        return at >= 0 && at + 1 < args.size() ? args.at(at + 1).toLongLong() : fallback;
    };
    if (const int commands = int(option(QStringLiteral("--commands"), 10000)); commands > 0)
        benchCommands(commands, home.path());
    if (!args.contains(QStringLiteral("--skip-history")))
        benchHistory(option(QStringLiteral("--rows"), 1000000));
    if (!args.contains(QStringLiteral("--skip-idle")))
        benchIdle(int(option(QStringLiteral("--idle-seconds"), 60)), home.path());
    return 0;
}
