#include "app/InitRunner.h"

#include "commands/RestrictedCommand.h"

#include <QFileInfo>
#include <QTimer>

namespace teamai::ui {
namespace {
constexpr int kInitTimeoutMs = 60000;
}

InitRunner::InitRunner(const QString &teamaiPath, QObject *parent)
    : QObject(parent)
    , m_program(teamaiPath.isEmpty() ? ownTeamaiExecutable() : teamaiPath)
{
    m_process.setProcessChannelMode(QProcess::SeparateChannels);
    m_process.setStandardInputFile(QProcess::nullDevice());
    connect(&m_process, &QProcess::finished, this, [this](int exitCode, QProcess::ExitStatus status) {
        const QString output = QString::fromUtf8(m_process.readAllStandardOutput() + m_process.readAllStandardError()).trimmed();
        emit finished(status == QProcess::NormalExit && exitCode == 0, output);
    });
    connect(&m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            emit finished(false, QStringLiteral("cannot start %1: %2").arg(m_program, m_process.errorString()));
    });
}

QStringList InitRunner::arguments(const QString &endpoint, const QStringList &agents)
{
    QStringList args{QStringLiteral("init"), QStringLiteral("--http"), endpoint};
    if (!agents.isEmpty())
        args << QStringLiteral("--agents") << agents.join(u',');
    return args;
}

void InitRunner::run(const QString &endpoint, const QStringList &agents)
{
    if (isRunning())
        return;
    if (!QFileInfo(m_program).isExecutable()) {
        emit finished(false, QStringLiteral("%1 is missing: reinstall TeamAI").arg(m_program));
        return;
    }
    m_process.start(m_program, arguments(endpoint, agents));
    // init does file work only; a minute means something is stuck.
    QTimer::singleShot(kInitTimeoutMs, &m_process, [this] {
        if (isRunning())
            m_process.kill();
    });
}

} // namespace teamai::ui
