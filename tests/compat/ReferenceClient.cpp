#include "ReferenceClient.h"

#include "DevServerProcess.h"
#include "TestEnvironment.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QThread>
#include <QtTest>

namespace teamai::test {

bool ReferenceClient::locate()
{
    m_node = qEnvironmentVariable("TEAMAI_NODE");
    m_script = qEnvironmentVariable("TEAMAI_REFERENCE_JS");
    if (m_node.isEmpty() || !QFileInfo(m_node).isExecutable()) {
        QTest::qFail("node not found at configure time (TEAMAI_NODE); run scripts/bootstrap.sh", __FILE__, __LINE__);
        return false;
    }
    if (!QFileInfo::exists(m_script)) {
        QTest::qSkip("reference client not installed: npm could not reach its registry (see compat_install_reference)",
                     __FILE__, __LINE__);
        return false;
    }
    return true;
}

QProcessEnvironment ReferenceClient::environmentFor(const TestEnvironment &env)
{
    QProcessEnvironment environment = env.processEnvironment();
    for (const char *name : {"TEAMAI_TOKEN", "TEAMAI_API_TOKEN", "TEAMAI_HTTP_ENDPOINT", "TEAMAI_ENDPOINT", "TEAMAI_HOME"})
        environment.remove(QLatin1String(name));
    return environment;
}

ReferenceRun ReferenceClient::run(const QProcessEnvironment &environment, const QString &cwd, const QStringList &arguments,
                                  const QByteArray &input, int timeoutMs) const
{
    QProcess node;
    node.setProcessEnvironment(environment);
    node.setWorkingDirectory(cwd);
    node.start(m_node, QStringList{m_script} + arguments);
    node.write(input);
    node.closeWriteChannel();
    ReferenceRun run;
    if (!node.waitForFinished(timeoutMs)) {
        node.kill();
        node.waitForFinished();
        qWarning("reference %s: still running after %d ms", qPrintable(arguments.join(u' ')), timeoutMs);
        return run;
    }
    run.exited = node.exitStatus() == QProcess::NormalExit;
    run.exitCode = node.exitCode();
    run.out = node.readAllStandardOutput();
    run.err = node.readAllStandardError();
    if (!run.succeeded())
        qWarning("reference %s: exit %d: %s %s", qPrintable(arguments.join(u' ')), run.exitCode, run.out.constData(), run.err.constData());
    return run;
}

ReferenceRun ReferenceClient::run(const TestEnvironment &env, const QStringList &arguments, const QByteArray &input, int timeoutMs) const
{
    return run(environmentFor(env), env.home(), arguments, input, timeoutMs);
}

ReferenceRun ReferenceClient::sessionStart(const QProcessEnvironment &environment, const QString &tool, const QString &cwd,
                                           const QString &sessionId) const
{
    return run(environment, cwd, {QStringLiteral("hook-dispatch"), QStringLiteral("session-start"), QStringLiteral("--tool"), tool},
               hookInput(sessionId, cwd, QStringLiteral("SessionStart")));
}

ReferenceRun ReferenceClient::sessionStart(const TestEnvironment &env, const QString &tool, const QString &sessionId) const
{
    return sessionStart(environmentFor(env), tool, env.home(), sessionId);
}

QByteArray hookInput(const QString &sessionId, const QString &cwd, const QString &event)
{
    return QJsonDocument(QJsonObject{{QStringLiteral("session_id"), sessionId}, {QStringLiteral("cwd"), cwd},
                                     {QStringLiteral("hook_event_name"), event}})
        .toJson(QJsonDocument::Compact);
}

namespace {

bool anyProcessIn(const QString &canonicalHome)
{
    const QString self = QString::number(QCoreApplication::applicationPid());
    for (const QString &pid : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QString cwd = QFileInfo(QStringLiteral("/proc/%1/cwd").arg(pid)).symLinkTarget();
        if (pid.toLongLong() > 0 && pid != self && (cwd == canonicalHome || cwd.startsWith(canonicalHome + u'/')))
            return true;
    }
    return false;
}

} // namespace

bool waitForProcessesIn(const QString &home)
{
    const QDeadlineTimer deadline(60000);
    const QString canonicalHome = QFileInfo(home).canonicalFilePath();
    while (anyProcessIn(canonicalHome)) {
        if (deadline.hasExpired())
            return false;
        QThread::msleep(100);
    }
    return true;
}

void writeReferenceConfig(const TestEnvironment &env, const DevServerProcess &server)
{
    const QJsonObject config{{QStringLiteral("endpoint"), server.baseUrl()},
                             {QStringLiteral("token"), DevServerProcess::token()},
                             {QStringLiteral("createdAt"), QStringLiteral("2026-11-30T08:15:00.000Z")},
                             {QStringLiteral("workspaceBindings"), QJsonObject()}};
    env.writeFile(QStringLiteral(".teamai/local-agent/config.json"), QJsonDocument(config).toJson());
}

} // namespace teamai::test
