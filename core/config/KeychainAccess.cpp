#include "config/KeychainAccess.h"

#include "log/Logging.h"

#include <qt6keychain/keychain.h>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QTimer>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

namespace teamai {
namespace {

std::atomic<int> g_jobsCreated{0};
std::atomic<bool> g_stalled{false};

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

template <typename JobType>
std::unique_ptr<JobType> makeJob(const QString &service, const QString &key)
{
    ++g_jobsCreated;
    auto job = std::make_unique<JobType>(service);
    job->setAutoDelete(false);
    // Never let QtKeychain write a plain-text QSettings copy: our own fallback is the 0600 file.
    job->setInsecureFallback(false);
    job->setKey(key);
    return job;
}

// Refuses before any job exists when waiting cannot work (no event loop) or cannot help (stalled).
std::optional<KeychainAccess::Result> refuseEarly()
{
    KeychainAccess::Result result;
    if (!QCoreApplication::instance())
        result.error = QStringLiteral("no QCoreApplication is running to wait for the credential store");
    else if (g_stalled)
        result.error = QStringLiteral("the credential store did not answer earlier in this process");
    else
        return std::nullopt;
    return result;
}

// Runs @p job to completion or until @p timeoutMs; fills ok/notFound/timedOut/error.
KeychainAccess::Result run(std::unique_ptr<QKeychain::Job> job, int timeoutMs,
                           const std::function<void(QKeychain::Job *, KeychainAccess::Result &)> &onSuccess = {})
{
    KeychainAccess::Result result;
    QElapsedTimer clock;
    clock.start();

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
        // The store's answer may still arrive and its callback holds the job's address, so the job
        // must outlive this call: it deletes itself if that answer ever comes.
        QKeychain::Job *pending = job.release();
        QObject::disconnect(pending, nullptr, &loop, nullptr);
        pending->setAutoDelete(true);
        g_stalled = true;
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
        result.error = detail.isEmpty() ? errorName(error)
                                        : QStringLiteral("%1: %2").arg(errorName(error), detail);
    }
    return result;
}

} // namespace

QString KeychainAccess::unavailableReason()
{
    if (const auto refused = refuseEarly())
        return refused->error;
#if defined(Q_OS_UNIX) && !defined(Q_OS_DARWIN) && !defined(Q_OS_ANDROID)
    if (qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS")) {
        const QString runtimeDir = qEnvironmentVariable("XDG_RUNTIME_DIR");
        if (runtimeDir.isEmpty() || !QFileInfo::exists(runtimeDir + QStringLiteral("/bus"))) {
            return QStringLiteral("no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is unset and there is "
                                  "no $XDG_RUNTIME_DIR/bus)");
        }
    }
#endif
    return {};
}

KeychainAccess::Result KeychainAccess::write(const QString &service, const QString &key, const QString &secret,
                                             int timeoutMs)
{
    if (auto refused = refuseEarly())
        return *refused;
    auto job = makeJob<QKeychain::WritePasswordJob>(service, key);
    job->setTextData(secret);
    Result result = run(std::move(job), timeoutMs);
    qCDebug(lcConfig) << "keychain write:" << (result.ok ? "ok" : "failed") << "in" << result.elapsedMs << "ms";
    return result;
}

KeychainAccess::Result KeychainAccess::read(const QString &service, const QString &key, int timeoutMs)
{
    if (auto refused = refuseEarly())
        return *refused;
    Result result = run(makeJob<QKeychain::ReadPasswordJob>(service, key), timeoutMs,
                        [](QKeychain::Job *job, Result &r) {
                            r.secret = static_cast<QKeychain::ReadPasswordJob *>(job)->textData();
                        });
    qCDebug(lcConfig) << "keychain read:" << (result.ok ? "ok" : "failed") << "in" << result.elapsedMs << "ms";
    return result;
}

KeychainAccess::Result KeychainAccess::remove(const QString &service, const QString &key, int timeoutMs)
{
    if (auto refused = refuseEarly())
        return *refused;
    Result result = run(makeJob<QKeychain::DeletePasswordJob>(service, key), timeoutMs);
    if (result.notFound) {
        result.ok = true;
        result.error.clear();
    }
    qCDebug(lcConfig) << "keychain delete:" << (result.ok ? "ok" : "failed") << "in" << result.elapsedMs << "ms";
    return result;
}

int KeychainAccess::jobsCreated()
{
    return g_jobsCreated;
}

} // namespace teamai
