#pragma once

#include "config/KeychainAccess.h"
#include "config/KeychainBackend.h"

#include <QHash>
#include <QMutex>
#include <QMutexLocker>

#include <atomic>

namespace teamai::test {

/// @brief A credential store in memory, standing in for the keychain module: install() makes
/// KeychainAccess use it (and a placeholder session-bus address, so no "no D-Bus" refusal),
/// the destructor puts the module back. timeOutNext makes the next calls answer "did not answer
/// within…" like a stalled Secret Service, to test what the callers do after a timeout.
class FakeKeychain final : public KeychainBackend
{
public:
    FakeKeychain()
    {
        m_bus = qgetenv("DBUS_SESSION_BUS_ADDRESS");
        qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/fake-keychain");
        KeychainAccess::setBackendForTesting(this);
    }
    ~FakeKeychain()
    {
        KeychainAccess::setBackendForTesting(nullptr);
        if (m_bus.isEmpty())
            qunsetenv("DBUS_SESSION_BUS_ADDRESS");
        else
            qputenv("DBUS_SESSION_BUS_ADDRESS", m_bus);
    }

    std::atomic<int> timeOutNext{0};
    std::atomic<int> calls{0};

    QString secret(const QString &key)
    {
        QMutexLocker lock(&m_mutex);
        return m_entries.value(key);
    }

    KeychainAccess::Outcome write(const QString &, const QString &key, const QString &secret, int timeoutMs) override
    {
        return answer(timeoutMs, [&](KeychainAccess::Outcome &result) {
            m_entries.insert(key, secret);
            result.ok = true;
        });
    }
    KeychainAccess::Outcome read(const QString &, const QString &key, int timeoutMs) override
    {
        return answer(timeoutMs, [&](KeychainAccess::Outcome &result) {
            result.ok = m_entries.contains(key);
            result.notFound = !result.ok;
            result.secret = m_entries.value(key);
            if (result.notFound)
                result.error = QStringLiteral("entry not found");
        });
    }
    KeychainAccess::Outcome remove(const QString &, const QString &key, int timeoutMs) override
    {
        return answer(timeoutMs, [&](KeychainAccess::Outcome &result) {
            result.notFound = m_entries.remove(key) == 0;
            result.ok = !result.notFound;
        });
    }
    int jobsCreated() const override { return calls; }

private:
    /// @brief One call: "did not answer" while timeOutNext lasts, else @p apply on the entries.
    template <typename Apply>
    KeychainAccess::Outcome answer(int timeoutMs, Apply apply)
    {
        KeychainAccess::Outcome result;
        ++calls;
        if (timeOutNext > 0) {
            --timeOutNext;
            result.timedOut = true;
            result.error = QStringLiteral("the credential store did not answer within %1 ms").arg(timeoutMs);
            return result;
        }
        QMutexLocker lock(&m_mutex);
        apply(result);
        return result;
    }

    QMutex m_mutex;
    QHash<QString, QString> m_entries;
    QByteArray m_bus;
};

} // namespace teamai::test
