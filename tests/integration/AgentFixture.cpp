#include "AgentFixture.h"

#include "RunProbes.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QThread>

namespace teamai::test {

AgentFixture::AgentFixture(Start start)
    : m_env(std::make_unique<TestEnvironment>())
    , m_server(std::make_unique<DevServerProcess>())
{
    m_ready = m_server->isRunning() && (start == Start::Bare || enrol());
}

bool AgentFixture::enrol()
{
    const TeamaiRun init = enrolTeamai(m_server->baseUrl(), DevServerProcess::token());
    if (init.exitCode != 0)
        qWarning("teamai init failed: %s", init.err.constData());
    return init.exitCode == 0;
}

AgentFixture::~AgentFixture()
{
    // A worker a hook left behind must be done before its HOME disappears.
    waitForWorkers();
}

QJsonObject AgentFixture::waitForAck(qint64 id, int timeoutMs)
{
    return m_server->waitForAck(id, timeoutMs);
}

bool AgentFixture::waitForWorkers(int timeoutMs)
{
    const QDeadlineTimer deadline(timeoutMs);
    const QDir state(m_env->stateDir());
    // A report request a stop or post-tool-use hook left is work too: its worker may not hold
    // the lock yet, or may be between two passes (it looks again after letting go).
    const QStringList busy{QStringLiteral("worker-*.lock"), QStringLiteral("report-request-*.json")};
    while (!state.entryList(busy, QDir::Files | QDir::System).isEmpty()) {
        if (deadline.hasExpired())
            return false;
        QThread::msleep(50);
    }
    return true;
}

QJsonObject AgentFixture::syncJson(const QStringList &extraEnvironment)
{
    const TeamaiRun run = runTeamai(syncArguments(), {}, extraEnvironment);
    const QJsonDocument doc = QJsonDocument::fromJson(run.out);
    if (!doc.isObject())
        qWarning("sync --json printed no JSON; stdout: %s stderr: %s", run.out.constData(), run.err.constData());
    return doc.object();
}

QJsonObject AgentFixture::ackFor(qint64 id)
{
    return m_server->ackFor(id);
}

bool AgentFixture::startAgentRunningACommand(QProcess &agent, const QStringList &arguments, qint64 id, int stallMs)
{
    m_server->setFault({{QStringLiteral("route"), QStringLiteral("getConfig")}, {QStringLiteral("delayMs"), stallMs}});
    m_server->queue(restrictedCommand(id, QStringLiteral("teamai doctor")));
    const qsizetype configRequestsBefore = m_server->requests(QStringLiteral("getConfig")).size();
    agent.start(builtBinary("TEAMAI_BIN"), arguments);
    if (!agent.waitForStarted())
        return false;
    agent.closeWriteChannel();  // a hook reads its JSON from stdin: give it EOF
    const QDeadlineTimer deadline(20000);
    while (!deadline.hasExpired()) {
        const bool running = historyRow(id).value(QStringLiteral("state")).toString() == QLatin1String("running")
                             && treeProcessesOf(agent.processId()) >= 1;
        // The process exists before it has asked anything: on a busy machine it can be killed
        // before its request leaves, and a test counting requests then sees none.
        if (running && m_server->requests(QStringLiteral("getConfig")).size() > configRequestsBefore)
            return true;
        QThread::msleep(50);
    }
    qWarning("agent stderr: %s\nlog: %s", agent.readAllStandardError().constData(),
             m_env->readFile(QStringLiteral(".teamai/local-agent/logs/teamai.log")).constData());
    return false;
}

QJsonObject AgentFixture::commandIn(const QJsonObject &syncResult, qint64 id)
{
    for (const QJsonValue &command : syncResult.value(QStringLiteral("commands")).toArray()) {
        if (command.toObject().value(QStringLiteral("id")).toInteger() == id)
            return command.toObject();
    }
    return {};
}

QJsonObject restrictedCommand(qint64 id, const QString &cmd, const QString &type)
{
    return QJsonObject{{QStringLiteral("id"), id}, {QStringLiteral("type"), type}, {QStringLiteral("cmd"), cmd}};
}

QJsonObject unsupportedCommand(qint64 id)
{
    return QJsonObject{{QStringLiteral("id"), id}, {QStringLiteral("type"), QStringLiteral("reboot_machine")}};
}

QJsonObject resourceCommand(qint64 id, const QString &type, const QJsonObject &fields)
{
    QJsonObject command = fields;
    command.insert(QStringLiteral("id"), id);
    command.insert(QStringLiteral("type"), type);
    return command;
}

QStringList hookArguments(const QString &event, const QString &tool)
{
    return {QStringLiteral("--hook"), event, QStringLiteral("--tool"), tool};
}

QByteArray hookInput(const QString &cwd)
{
    return QJsonDocument(QJsonObject{{QStringLiteral("session_id"), QStringLiteral("s1")}, {QStringLiteral("cwd"), cwd}})
        .toJson(QJsonDocument::Compact);
}

QStringList syncArguments()
{
    return {QStringLiteral("sync"), QStringLiteral("--tool"), QStringLiteral("claude"), QStringLiteral("--json")};
}

QProcess *startTeamai(const QStringList &arguments, QObject *parent, const QByteArray &input)
{
    auto *process = new QProcess(parent);
    process->start(builtBinary("TEAMAI_BIN"), arguments);
    process->write(input);
    process->closeWriteChannel();
    return process;
}

bool allExitedZero(const QList<QProcess *> &processes)
{
    bool all = true;
    for (QProcess *process : processes) {
        if (!process->waitForFinished(60000) || process->exitCode() != 0) {
            qWarning("teamai %s: exit %d: %s", qPrintable(process->arguments().join(u' ')), process->exitCode(),
                     process->readAllStandardError().constData());
            all = false;
        }
        delete process;
    }
    return all;
}

bool waitForState(qint64 id, const QString &state, int timeoutMs)
{
    const QDeadlineTimer deadline(timeoutMs);
    while (historyRow(id).value(QStringLiteral("state")).toString() != state) {
        if (deadline.hasExpired())
            return false;
        QThread::msleep(50);
    }
    return true;
}

int runsInLog(const QString &stateDir, qint64 id)
{
    QFile log(stateDir + QStringLiteral("/logs/teamai.log"));
    if (!log.open(QIODevice::ReadOnly))
        return -1;
    const QRegularExpression line(QStringLiteral("teamai\\.commands: command %1 \\S+ ->").arg(id));
    return int(QString::fromUtf8(log.readAll()).count(line));
}

QJsonObject installRule(qint64 id, const QString &slug, const QString &url)
{
    return resourceCommand(id, QStringLiteral("install_rule"), {{QStringLiteral("rule_slug"), slug}, {QStringLiteral("download_url"), url}});
}

QJsonObject installSkill(qint64 id, const QString &slug, const QString &url)
{
    return resourceCommand(id, QStringLiteral("install_skill"), {{QStringLiteral("skill_slug"), slug}, {QStringLiteral("download_url"), url}});
}

QList<QJsonObject> historyRows(const QStringList &extra)
{
    const TeamaiRun run = runTeamai(QStringList{QStringLiteral("history"), QStringLiteral("--json"), QStringLiteral("--limit"),
                                                QStringLiteral("1000")} + extra);
    QList<QJsonObject> rows;
    for (const QByteArray &line : run.out.split('\n')) {
        if (!line.isEmpty())
            rows.append(QJsonDocument::fromJson(line).object());
    }
    return rows;
}

QJsonObject historyRow(qint64 id)
{
    for (const QJsonObject &row : historyRows()) {
        if (row.value(QStringLiteral("id")).toInteger() == id)
            return row;
    }
    return {};
}

} // namespace teamai::test
