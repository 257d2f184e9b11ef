#include "syncthread/SyncWorker.h"

#include "syncthread/SyncRoundRunner.h"

namespace teamai::ui {

SyncWorker::SyncWorker(QObject *parent)
    : QObject(parent)
    , m_runner(std::make_unique<SyncRoundRunner>())
{
    qRegisterMetaType<teamai::ui::SyncRoundResult>();
    m_roundThread.setObjectName(QStringLiteral("teamai-sync-round"));
    m_runner->moveToThread(&m_roundThread);
    // Queued: the runner emits on the round thread, this object lives on the control thread.
    connect(m_runner.get(), &SyncRoundRunner::roundStarted, this, &SyncWorker::roundStarted);
    connect(m_runner.get(), &SyncRoundRunner::roundFinished, this, &SyncWorker::roundFinished);
    connect(m_runner.get(), &SyncRoundRunner::commandStarted, this, &SyncWorker::commandStarted);
    connect(m_runner.get(), &SyncRoundRunner::commandFinished, this, &SyncWorker::commandFinished);
    connect(m_runner.get(), &SyncRoundRunner::jobDone, this, &SyncWorker::onJobDone);
    m_roundThread.start();
}

SyncWorker::~SyncWorker()
{
    // Normally shutdown() ended the round thread; the runner may only go once it has.
    m_roundThread.quit();
    m_roundThread.wait();
}

bool SyncWorker::cancelRunning()
{
    return m_runner->cancelRunning();
}

void SyncWorker::runRound(const QStringList &agents, const QString &reason)
{
    enqueue(Job{Job::Kind::Round, agents, reason});
}

void SyncWorker::reload()
{
    enqueue(Job{Job::Kind::Reload, {}, {}});
}

void SyncWorker::shutdown()
{
    m_jobs.clear();  // rounds asked for meanwhile are dropped
    if (!m_roundThread.isRunning()) {
        QThread::currentThread()->quit();  // stopped before
        return;
    }
    enqueue(Job{Job::Kind::Reload, {}, {}});  // the engine goes on its own thread
    enqueue(Job{Job::Kind::Stop, {}, {}});
}

void SyncWorker::enqueue(Job job)
{
    if (!m_roundThread.isRunning())
        return;  // shut down
    m_jobs.push_back(std::move(job));
    startNext();
}

void SyncWorker::startNext()
{
    if (m_busy || m_jobs.empty())
        return;
    Job job = std::move(m_jobs.front());
    m_jobs.pop_front();
    if (job.kind == Job::Kind::Stop) {
        // The round thread is idle (no local loop of a round runs): quit() ends its own loop.
        m_jobs.clear();
        m_roundThread.quit();
        m_roundThread.wait();
        QThread::currentThread()->quit();
        return;
    }
    m_busy = true;
    QMetaObject::invokeMethod(m_runner.get(), [runner = m_runner.get(), job = std::move(job)] {
        if (job.kind == Job::Kind::Reload)
            runner->reload();
        else
            runner->runRound(job.agents, job.reason);
    }, Qt::QueuedConnection);
}

void SyncWorker::onJobDone()
{
    m_busy = false;
    startNext();
}

} // namespace teamai::ui
