// The keychain module (libteamai-keychain.so): KeychainBackend on top of QtKeychain. Loaded by
// KeychainAccess on the first credential-store call, so only processes that use the store load
// QtKeychain and the D-Bus stack under it.

#include "config/KeychainBackend.h"

#include <qt6keychain/keychain.h>

#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

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

class QtKeychainBackend final : public KeychainBackend
{
public:
    KeychainAccess::Result write(const QString &service, const QString &key, const QString &secret,
                                 int timeoutMs) override
    {
        auto job = makeJob<QKeychain::WritePasswordJob>(service, key);
        job->setTextData(secret);
        return run(std::move(job), timeoutMs);
    }

    KeychainAccess::Result read(const QString &service, const QString &key, int timeoutMs) override
    {
        return run(makeJob<QKeychain::ReadPasswordJob>(service, key), timeoutMs,
                   [](QKeychain::Job *job, KeychainAccess::Result &r) {
                       r.secret = static_cast<QKeychain::ReadPasswordJob *>(job)->textData();
                   });
    }

    KeychainAccess::Result remove(const QString &service, const QString &key, int timeoutMs) override
    {
        return run(makeJob<QKeychain::DeletePasswordJob>(service, key), timeoutMs);
    }

    int jobsCreated() const override { return m_jobsCreated; }

private:
    template <typename JobType>
    std::unique_ptr<JobType> makeJob(const QString &service, const QString &key)
    {
        ++m_jobsCreated;
        auto job = std::make_unique<JobType>(service);
        job->setAutoDelete(false);
        // Never let QtKeychain write a plain-text QSettings copy: our own fallback is the 0600 file.
        job->setInsecureFallback(false);
        job->setKey(key);
        return job;
    }

    // Runs @p job to completion or until @p timeoutMs; fills ok/notFound/timedOut/error.
    static KeychainAccess::Result run(std::unique_ptr<QKeychain::Job> job, int timeoutMs,
                                      const std::function<void(QKeychain::Job *, KeychainAccess::Result &)> &onSuccess = {})
    {
        KeychainAccess::Result result;
        QElapsedTimer clock;
        clock.start();

        // QtKeychain jobs are asynchronous: wait in a local loop (user input excluded) with a guard.
        QEventLoop loop;
        QTimer guard;
        guard.setSingleShot(true);
        // A coarse timer may fire 5% late; the bound is a promise to hooks.
        guard.setTimerType(Qt::PreciseTimer);
        bool finished = false;
        QObject::connect(job.get(), &QKeychain::Job::finished, &loop, [&finished, &loop] {
            finished = true;
            loop.quit();
        });
        QObject::connect(&guard, &QTimer::timeout, &loop, &QEventLoop::quit);
        guard.start(timeoutMs);
        job->start();
        if (!finished)
            loop.exec(QEventLoop::ExcludeUserInputEvents);
        result.elapsedMs = clock.elapsed();

        if (!finished) {
            // The store's answer may still arrive and its callback holds the job's address, so the
            // job must outlive this call: it deletes itself if that answer ever comes.
            QKeychain::Job *pending = job.release();
            QObject::disconnect(pending, nullptr, &loop, nullptr);
            pending->setAutoDelete(true);
            result.timedOut = true;
            result.error = QStringLiteral("the credential store did not answer within %1 ms").arg(timeoutMs);
            return result;
        }

        const QKeychain::Error error = job->error();
        if (error == QKeychain::NoError) {
            result.ok = true;
            if (onSuccess)
                onSuccess(job.get(), result);
        } else {
            result.notFound = error == QKeychain::EntryNotFound;
            const QString detail = job->errorString();
            result.error = detail.isEmpty() ? errorName(error) : QStringLiteral("%1: %2").arg(errorName(error), detail);
        }
        return result;
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
