// The keychain module (libteamai-keychain.so): KeychainBackend on top of QtKeychain. Loaded by
// KeychainAccess on the first credential-store call, so only processes that use the store load
// QtKeychain and the D-Bus stack under it.

#include "config/KeychainBackend.h"

#include <qt6keychain/keychain.h>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QSemaphore>
#include <QThread>

#include <atomic>
#include <functional>
#include <memory>

namespace teamai {
namespace {

QString errorName(QKeychain::Error error)
{
    switch (error) {
    case QKeychain::NoError: return QStringLiteral("no error");
    case QKeychain::EntryNotFound: return QStringLiteral("entry not found");
    case QKeychain::CouldNotDeleteEntry: return QStringLiteral("could not delete entry");
    case QKeychain::AccessDeniedByUser: return QStringLiteral("access denied by the user");
    case QKeychain::AccessDenied: return QStringLiteral("access denied");
    case QKeychain::NoBackendAvailable: return QStringLiteral("no credential store available");
    case QKeychain::NotImplemented: return QStringLiteral("not implemented on this platform");
    case QKeychain::OtherError: return QStringLiteral("error");
    }
    return QStringLiteral("error");
}

// Every QtKeychain job of the process runs on this one long-lived thread. QtKeychain queues its
// jobs in a singleton that belongs to the thread of the first job and finishes each job through a
// queued call to that thread: when the first caller was a short-lived thread (a window's
// background save), that call never ran, the queue stayed "busy" for good, and every later job
// timed out. One thread of our own, never ended before the application, keeps the queue alive.
class KeychainThread
{
public:
    static QObject *context()
    {
        static KeychainThread *instance = new KeychainThread;  // never deleted: see stop()
        return instance->m_context;
    }

private:
    KeychainThread()
    {
        m_thread.setObjectName(QStringLiteral("teamai-keychain"));
        m_context = new QObject;
        m_context->moveToThread(&m_thread);
        m_thread.start();
        s_thread = &m_thread;
        qAddPostRoutine(&KeychainThread::stop);
    }

    // Before the application object goes: end the loop (a job still pending is abandoned).
    static void stop()
    {
        if (QThread *thread = s_thread.exchange(nullptr)) {
            thread->quit();
            thread->wait(1000);
        }
    }

    QThread m_thread;
    QObject *m_context = nullptr;
    static inline std::atomic<QThread *> s_thread{nullptr};
};

// What the caller waits for; shared with the keychain thread, which may answer after the caller
// gave up (a timed-out job), so neither side owns it alone.
struct Pending {
    QSemaphore done;
    KeychainAccess::Outcome result;
};

using JobFactory = std::function<QKeychain::Job *()>;
using OnSuccess = std::function<void(QKeychain::Job *, KeychainAccess::Outcome &)>;

class QtKeychainBackend final : public KeychainBackend
{
public:
    KeychainAccess::Outcome write(const QString &service, const QString &key, const QString &secret,
                                 int timeoutMs) override
    {
        return run([=, this] {
            auto *job = makeJob<QKeychain::WritePasswordJob>(service, key);
            job->setTextData(secret);
            return job;
        }, timeoutMs);
    }

    KeychainAccess::Outcome read(const QString &service, const QString &key, int timeoutMs) override
    {
        return run([=, this] { return makeJob<QKeychain::ReadPasswordJob>(service, key); }, timeoutMs,
                   [](QKeychain::Job *job, KeychainAccess::Outcome &r) {
                       r.secret = static_cast<QKeychain::ReadPasswordJob *>(job)->textData();
                   });
    }

    KeychainAccess::Outcome remove(const QString &service, const QString &key, int timeoutMs) override
    {
        return run([=, this] { return makeJob<QKeychain::DeletePasswordJob>(service, key); }, timeoutMs);
    }

    int jobsCreated() const override { return m_jobsCreated; }

private:
    template <typename JobType>
    JobType *makeJob(const QString &service, const QString &key)
    {
        ++m_jobsCreated;
        auto *job = new JobType(service);
        job->setAutoDelete(true);  // deletes itself once it answers, however late
        // Never let QtKeychain write a plain-text QSettings copy: our own fallback is the 0600 file.
        job->setInsecureFallback(false);
        job->setKey(key);
        return job;
    }

    // Starts the job @p make builds on the keychain thread and waits up to @p timeoutMs for it.
    static KeychainAccess::Outcome run(JobFactory make, int timeoutMs, OnSuccess onSuccess = {})
    {
        QElapsedTimer clock;
        clock.start();
        auto pending = std::make_shared<Pending>();
        QMetaObject::invokeMethod(KeychainThread::context(), [pending, make = std::move(make), onSuccess = std::move(onSuccess)] {
            QKeychain::Job *job = make();
            QObject::connect(job, &QKeychain::Job::finished, job, [pending, onSuccess](QKeychain::Job *finished) {
                fill(finished, onSuccess, pending->result);
                pending->done.release();
            });
            job->start();
        }, Qt::QueuedConnection);

        if (!pending->done.tryAcquire(1, timeoutMs)) {
            // The job stays on the keychain thread and deletes itself if its answer ever comes.
            KeychainAccess::Outcome result;
            result.timedOut = true;
            result.elapsedMs = clock.elapsed();
            result.error = QStringLiteral("the credential store did not answer within %1 ms").arg(timeoutMs);
            return result;
        }
        KeychainAccess::Outcome result = pending->result;  // written before release(): no race
        result.elapsedMs = clock.elapsed();
        return result;
    }

    static void fill(QKeychain::Job *job, const OnSuccess &onSuccess, KeychainAccess::Outcome &result)
    {
        const QKeychain::Error error = job->error();
        if (error == QKeychain::NoError) {
            result.ok = true;
            if (onSuccess)
                onSuccess(job, result);
            return;
        }
        result.notFound = error == QKeychain::EntryNotFound;
        const QString detail = job->errorString();
        result.error = detail.isEmpty() ? errorName(error) : QStringLiteral("%1: %2").arg(errorName(error), detail);
    }

    std::atomic<int> m_jobsCreated{0};
};

} // namespace
} // namespace teamai

extern "C" Q_DECL_EXPORT teamai::KeychainBackend *teamai_keychain_backend_v1()
{
    static teamai::QtKeychainBackend backend;
    return &backend;
}
