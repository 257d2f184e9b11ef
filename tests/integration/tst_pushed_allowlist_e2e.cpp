// Issue 12 item 1 end to end: the real `teamai sync` against the devserver. Pushed commands
// outside the closed allowlist are acked failed with the plain refusal, change no file, start no
// process and are recorded not_delivered; the allowed forms still run (an uninstall does its
// job under the pushed-command marker). A `teamai` started with the marker set refuses to sync,
// be a worker, run a hook, init or remote-cmd, and sends nothing to the backend.

#include "AgentTestCase.h"

#include "agenthooks/DispatchHooks.h"
#include "tools/ToolTable.h"

#include <QDir>
#include <QDirIterator>
#include <QJsonDocument>
#include <QMap>
#include <QThread>
#include <QtTest>

using namespace teamai::test;

namespace {

const QString kMarker = QStringLiteral("TEAMAI_PUSHED_COMMAND=41");

QJsonObject pushed(qint64 id, const QString &cmd, const QString &type = QStringLiteral("uninstall_teamai"))
{
    return QJsonObject{{QStringLiteral("id"), id}, {QStringLiteral("type"), type}, {QStringLiteral("cmd"), cmd}};
}

QString notAllowed(const QString &invocation)
{
    return QStringLiteral("Rejected cmd: \"%1\" is not allowed from the backend").arg(invocation);
}

/// Every file below @p home with its bytes, but for what a sync legitimately rewrites: the log,
/// the ledger and the last-sync record.
QMap<QString, QByteArray> snapshot(const QString &home)
{
    QMap<QString, QByteArray> files;
    QDirIterator it(home, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString relative = QDir(home).relativeFilePath(path);
        if (relative.startsWith(QLatin1String(".teamai/local-agent/logs/")) || relative.contains(QLatin1String("ledger"))
            || relative.contains(QLatin1String("last-sync")) || relative.startsWith(QLatin1String(".teamai/reporter/"))
            // What every round records: the finished-ids journal, the cached agent versions.
            || relative.endsWith(QLatin1String("/finished-ids")) || relative.endsWith(QLatin1String("/agent-versions.json")))
            continue;
        QFile file(path);
        files.insert(relative, file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<unreadable>"));
    }
    return files;
}

/// Running `teamai` processes whose HOME is @p home (Linux: /proc), as "pid: command line; …";
/// empty when none.
QString teamaiProcessesIn(const QString &home)
{
    const QString binary = QFileInfo(builtBinary("TEAMAI_BIN")).canonicalFilePath();
    const QByteArray homeEntry = "HOME=" + home.toLocal8Bit();
    QStringList found;
    for (const QString &pid : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        bool numeric = false;
        pid.toInt(&numeric);
        if (!numeric || QFileInfo(QStringLiteral("/proc/%1/exe").arg(pid)).symLinkTarget() != binary)
            continue;
        QFile environ(QStringLiteral("/proc/%1/environ").arg(pid));
        if (!environ.open(QIODevice::ReadOnly) || !environ.readAll().split('\0').contains(homeEntry))
            continue;
        QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(pid));
        const QByteArray words = cmdline.open(QIODevice::ReadOnly) ? cmdline.readAll().replace('\0', ' ') : QByteArray();
        found.append(pid + QStringLiteral(": ") + QString::fromLocal8Bit(words.trimmed()));
    }
    return found.join(u"; ");
}

/// What teamaiProcessesIn() @p home still lists after up to 5 s, to prove nothing lingers (and to
/// name what did). Not at once: an agent that ran a command leaves its parent-death watcher
/// (exec/ParentDeathWatch, a fork with the agent's command line), which exits only once it has
/// seen the agent's socket close and checked that nothing of the agent's is left to kill.
QString teamaiProcessesLeftIn(const QString &home)
{
    QString left = teamaiProcessesIn(home);
    for (const QDeadlineTimer deadline(5000); !left.isEmpty() && !deadline.hasExpired(); left = teamaiProcessesIn(home))
        QThread::msleep(20);
    return left;
}

} // namespace

class TestPushedAllowlistEndToEnd : public BareAgentTestCase
{
    Q_OBJECT
private:
    QJsonObject ledgerRow(qint64 id)
    {
        const TeamaiRun run = runTeamai({QStringLiteral("history"), QStringLiteral("--json")});
        for (const QByteArray &line : run.out.split('\n')) {
            const QJsonObject row = QJsonDocument::fromJson(line).object();
            if (row.value(QStringLiteral("id")).toInteger() == id)
                return row;
        }
        return {};
    }
    TeamaiRun sync(const QStringList &environment = {})
    {
        return runTeamai({QStringLiteral("sync"), QStringLiteral("--tool"), QStringLiteral("claude"), QStringLiteral("--json")}, {},
                         environment);
    }
    const teamai::ToolInfo &tool(const char *name) { return *teamai::findTool(QString::fromLatin1(name)); }

    void setUp() override
    {
        for (const char *dir : {".claude", ".codex", ".cursor"})
            QVERIFY(QDir().mkpath(f->env().home() + u'/' + QLatin1String(dir)));
        const TeamaiRun init = runTeamai({QStringLiteral("init"), QStringLiteral("--http"), f->server().baseUrl(), QStringLiteral("--token"),
                                          DevServerProcess::token(), QStringLiteral("--token-store"), QStringLiteral("file"),
                                          QStringLiteral("--agents"), QStringLiteral("claude")});
        QVERIFY2(init.exitCode == 0, init.err.constData());
        QCOMPARE(teamai::agenthooks::dispatch::installed(tool("claude"), f->env().home()).valueOr({}).size(), 4);
    }

private slots:
    void refusedCommandsChangeNothingAndRunNothing()
    {
        const QString victim = f->env().home() + QStringLiteral("/elsewhere");
        QVERIFY(QDir().mkpath(victim));
        const struct {
            qint64 id;
            QString cmd;
            QString error;
        } cases[] = {
            {1, QStringLiteral("teamai init --http http://127.0.0.1:1 --token x --agents claude,codex,cursor"), notAllowed(QStringLiteral("teamai init"))},
            {2, QStringLiteral("teamai remote-cmd enable"), notAllowed(QStringLiteral("teamai remote-cmd"))},
            {3, QStringLiteral("teamai sync"), notAllowed(QStringLiteral("teamai sync"))},
            {4, QStringLiteral("teamai worker"), notAllowed(QStringLiteral("teamai worker"))},
            {5, QStringLiteral("teamai --hook session-start --tool claude"), notAllowed(QStringLiteral("teamai --hook"))},
            {6, QStringLiteral("teamai worker --cwd ") + victim, notAllowed(QStringLiteral("teamai worker"))},
            {7, QStringLiteral("teamai  \"init\" --http http://127.0.0.1:1"), notAllowed(QStringLiteral("teamai init"))},
            {8, QStringLiteral("teamai --http=http://127.0.0.1:1 uninstall"), notAllowed(QStringLiteral("teamai --http=http://127.0.0.1:1"))},
            {9, QStringLiteral("teamai uninstall --agent=--cwd"),
             QStringLiteral("Rejected cmd: value \"--cwd\" of option \"--agent\" of \"teamai uninstall\" is not allowed from the backend")},
            {10, QStringLiteral("teamai uninstall --agent claude --purge"),
             QStringLiteral("Rejected cmd: option \"--purge\" of \"teamai uninstall\" is not allowed from the backend")},
            {11, QStringLiteral("teamai hook-dispatch stop"), notAllowed(QStringLiteral("teamai hook-dispatch"))},
        };
        const QMap<QString, QByteArray> before = snapshot(f->env().home());
        QVERIFY(before.contains(QStringLiteral(".teamai/local-agent/config.json")));
        QVERIFY(before.contains(QStringLiteral(".teamai/token")));
        QVERIFY(before.contains(QStringLiteral(".claude/settings.json")));
        for (const auto &c : cases)
            f->server().queue(pushed(c.id, c.cmd, c.id % 2 ? QStringLiteral("uninstall_teamai") : QStringLiteral("cmd")));

        const TeamaiRun run = sync();
        QCOMPARE(run.exitCode, 0);
        for (const auto &c : cases) {
            const QJsonObject ack = f->ackFor(c.id);
            QCOMPARE(ack.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
            QCOMPARE(ack.value(QStringLiteral("error")).toString(), c.error);
            const QJsonObject row = ledgerRow(c.id);
            QCOMPARE(row.value(QStringLiteral("state")).toString(), QStringLiteral("rejected"));
            QCOMPARE(row.value(QStringLiteral("delivery")).toString(), QStringLiteral("not_delivered"));
            QVERIFY(row.value(QStringLiteral("exit_code")).isNull());
        }
        // Only the one report and sync of our own round reached the backend (the pushed init's
        // endpoint was never contacted, no recursion synced), then the acks.
        QCOMPARE(f->server().requests(QStringLiteral("sync")).size(), 1);
        QCOMPARE(f->server().requests(QStringLiteral("report")).size(), 1);
        // config.json, the token, the switch (settings.json) and every agent's settings: unchanged.
        QCOMPARE(snapshot(f->env().home()), before);
        QVERIFY(QDir(victim).isEmpty());
        QVERIFY(teamai::agenthooks::dispatch::installed(tool("codex"), f->env().home()).valueOr({}).isEmpty());
        QVERIFY(teamai::agenthooks::dispatch::installed(tool("cursor"), f->env().home()).valueOr({}).isEmpty());
        QVERIFY(QDir(f->env().stateDir()).entryList({QStringLiteral("worker-*.lock")}, QDir::Files).isEmpty());
        QCOMPARE(teamaiProcessesLeftIn(f->env().home()), QString());
    }

    void allowedCommandsStillRun()
    {
        // (A success ends its batch: one allowed command per round.)
        f->server().queue(pushed(20, QStringLiteral("teamai --version")));
        QCOMPARE(sync().exitCode, 0);
        QCOMPARE(f->ackFor(20).value(QStringLiteral("status")).toString(), QStringLiteral("success"));
        f->server().queue(pushed(21, QStringLiteral("teamai history --limit 5 --state rejected --json"), QStringLiteral("cmd")));
        QCOMPARE(sync().exitCode, 0);
        QCOMPARE(f->ackFor(21).value(QStringLiteral("status")).toString(), QStringLiteral("success"));
        QCOMPARE(ledgerRow(20).value(QStringLiteral("delivery")).toString(), QStringLiteral("delivered"));

        // The feature itself: the backend uninstalls TeamAI from one agent. The child runs under
        // the pushed-command marker, and uninstall is what the marker still allows.
        f->server().queue(pushed(22, QStringLiteral("teamai uninstall --agent claude --force")));
        QCOMPARE(sync().exitCode, 0);
        QCOMPARE(f->ackFor(22).value(QStringLiteral("status")).toString(), QStringLiteral("success"));
        QVERIFY(teamai::agenthooks::dispatch::installed(tool("claude"), f->env().home()).valueOr({}).isEmpty());
        QCOMPARE(teamaiProcessesLeftIn(f->env().home()), QString());
    }

    void markedProcessRefusesToSyncWorkOrHook()
    {
        // codex keeps TeamAI's hooks, so claude is not the last agent: its uninstall below keeps
        // the configuration (the last agent's would remove it, issue #14 item 6).
        const TeamaiRun codex = runTeamai({QStringLiteral("init"), QStringLiteral("--http"), f->server().baseUrl(),
                                           QStringLiteral("--agents"), QStringLiteral("claude,codex")});
        QVERIFY2(codex.exitCode == 0, codex.err.constData());
        f->server().queue(pushed(30, QStringLiteral("teamai --version")));
        const QMap<QString, QByteArray> before = snapshot(f->env().home());
        const qsizetype requestsBefore = f->server().requests().size();
        const QStringList work = {kMarker};

        const TeamaiRun synced = sync(work);
        QCOMPARE(synced.exitCode, 1);
        QVERIFY2(synced.err.contains("refused inside a pushed command (TEAMAI_PUSHED_COMMAND is set)"), synced.err.constData());
        QVERIFY(synced.out.isEmpty());

        const TeamaiRun worker = runTeamai({QStringLiteral("worker"), QStringLiteral("--tool"), QStringLiteral("claude"),
                                            QStringLiteral("--cwd"), f->env().home()}, {}, work);
        QCOMPARE(worker.exitCode, 1);
        QVERIFY(worker.err.contains("refused inside a pushed command"));

        for (const QStringList &hook : {QStringList{QStringLiteral("--hook"), QStringLiteral("session-start"), QStringLiteral("--tool"), QStringLiteral("claude")},
                                        QStringList{QStringLiteral("--hook"), QStringLiteral("stop"), QStringLiteral("--tool"), QStringLiteral("claude")},
                                        QStringList{QStringLiteral("hook-dispatch"), QStringLiteral("prompt-submit"), QStringLiteral("--tool"), QStringLiteral("claude")}}) {
            // Hooks never break the agent: exit 0, nothing printed, nothing done.
            const TeamaiRun run = runTeamai(hook, QByteArrayLiteral("{\"cwd\":\"/\"}"), work);
            QCOMPARE(run.exitCode, 0);
            QVERIFY(run.out.isEmpty());
            QVERIFY(run.err.isEmpty());
        }

        const TeamaiRun init = runTeamai({QStringLiteral("init"), QStringLiteral("--http"), QStringLiteral("http://127.0.0.1:1"),
                                          QStringLiteral("--token"), QStringLiteral("x"), QStringLiteral("--agents"),
                                          QStringLiteral("claude,codex,cursor")}, {}, work);
        QCOMPARE(init.exitCode, 1);
        QVERIFY(init.err.contains(R"(Rejected cmd: "teamai init" is not allowed)"));
        const TeamaiRun remote = runTeamai({QStringLiteral("remote-cmd"), QStringLiteral("disable")}, {}, work);
        QCOMPARE(remote.exitCode, 1);

        // Nothing reached the backend, nothing changed, nothing is left running.
        QCOMPARE(f->server().requests().size(), requestsBefore);
        QCOMPARE(f->server().queued().size(), 1);
        QCOMPARE(snapshot(f->env().home()), before);
        QVERIFY(QDir(f->env().stateDir()).entryList({QStringLiteral("worker-*.lock")}, QDir::Files).isEmpty());
        QCOMPARE(teamaiProcessesLeftIn(f->env().home()), QString());

        // What the allowlist allows still works under the marker.
        const TeamaiRun version = runTeamai({QStringLiteral("--version")}, {}, work);
        QCOMPARE(version.exitCode, 0);
        const TeamaiRun status = runTeamai({QStringLiteral("status"), QStringLiteral("--json")}, {}, work);
        QCOMPARE(status.exitCode, 0);
        const TeamaiRun uninstall = runTeamai({QStringLiteral("uninstall"), QStringLiteral("--agent"), QStringLiteral("claude"),
                                               QStringLiteral("--force")}, {}, work);
        QVERIFY2(uninstall.exitCode == 0, uninstall.err.constData());
        QVERIFY(teamai::agenthooks::dispatch::installed(tool("claude"), f->env().home()).valueOr({}).isEmpty());
        // The same sync without the marker goes ahead.
        QCOMPARE(sync().exitCode, 0);
        QCOMPARE(f->ackFor(30).value(QStringLiteral("status")).toString(), QStringLiteral("success"));
    }
};

QTEST_GUILESS_MAIN(TestPushedAllowlistEndToEnd)
#include "tst_pushed_allowlist_e2e.moc"
