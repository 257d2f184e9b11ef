#include "models/LiveRuns.h"

namespace teamai::ui {
namespace {

void appendBounded(QByteArray &buffer, const QByteArray &data, bool &truncated)
{
    buffer += data;
    if (buffer.size() > LiveRuns::kKeepBytes) {
        buffer.remove(0, buffer.size() - LiveRuns::kKeepBytes);
        truncated = true;
    }
}

} // namespace

LiveRuns::Run *LiveRuns::findRun(const QString &agentType, qint64 commandId)
{
    for (Run &run : m_runs) {
        if (run.commandId == commandId && run.agentType == agentType)
            return &run;
    }
    return nullptr;
}

const LiveRuns::Run *LiveRuns::find(const QString &agentType, qint64 commandId) const
{
    return const_cast<LiveRuns *>(this)->findRun(agentType, commandId);
}

const LiveRuns::Run *LiveRuns::running() const
{
    for (const Run &run : m_runs) {
        if (run.running)
            return &run;
    }
    return nullptr;
}

void LiveRuns::started(const QString &agentType, qint64 commandId, qint64 pid)
{
    m_runs.removeIf([&](const Run &run) { return run.commandId == commandId && run.agentType == agentType; });
    Run run;
    run.agentType = agentType;
    run.commandId = commandId;
    run.pid = pid;
    run.running = true;
    run.startedAt = QDateTime::currentDateTimeUtc();
    m_runs.append(run);
    while (m_runs.size() > kKeepFinished + 1 && !m_runs.constFirst().running)
        m_runs.removeFirst();
    emit runStarted(agentType, commandId);
}

void LiveRuns::output(const QString &agentType, qint64 commandId, const QByteArray &out, const QByteArray &err)
{
    Run *run = findRun(agentType, commandId);
    if (!run)
        return;
    appendBounded(run->out, out, run->outTruncated);
    appendBounded(run->err, err, run->errTruncated);
    emit outputAppended(agentType, commandId, out, err);
}

void LiveRuns::finished(const QString &agentType, qint64 commandId)
{
    Run *run = findRun(agentType, commandId);
    if (!run)
        return;
    run->running = false;
    emit runFinished(agentType, commandId);
}

} // namespace teamai::ui
