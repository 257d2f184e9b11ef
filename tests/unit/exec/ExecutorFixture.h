#pragma once

#include "exec/LocalExecutor.h"

#include "TestEnvironment.h"

#include <QTemporaryDir>

#include <memory>

namespace teamai::test {

/// @brief What the tests that run real children through LocalExecutor share for a whole test
/// class: a fresh HOME, a temporary folder for the spill files, and the executor over them. The
/// test class inherits it next to QObject and calls startExecutor() in initTestCase().
class ExecutorFixture
{
protected:
    std::unique_ptr<TestEnvironment> m_env;
    std::unique_ptr<QTemporaryDir> m_tmp;
    std::unique_ptr<exec::LocalExecutor> m_executor;

    /// @brief Spill files in the temporary folder; a short grace before a group is SIGKILLed.
    exec::ExecPolicy policy() const
    {
        exec::ExecPolicy p;
        p.spillDir = m_tmp->filePath(QStringLiteral("spill"));
        p.killGraceMs = 300;
        return p;
    }

    /// @brief False when the temporary folder could not be made.
    bool startExecutor()
    {
        m_env = std::make_unique<TestEnvironment>();
        m_tmp = std::make_unique<QTemporaryDir>();
        if (!m_tmp->isValid())
            return false;
        m_executor = std::make_unique<exec::LocalExecutor>(policy());
        return true;
    }

    void stopExecutor()
    {
        m_executor.reset();
        m_tmp.reset();
        m_env.reset();
    }

    /// @brief `/bin/sh -c @p script`, stopped after @p timeoutMs.
    static exec::ExecRequest shRequest(const QString &script, int timeoutMs)
    {
        exec::ExecRequest request;
        request.program = QStringLiteral("/bin/sh");
        request.arguments = {QStringLiteral("-c"), script};
        request.timeoutMs = timeoutMs;
        return request;
    }

    /// @brief @p request resolved under @p policy: the test cannot go on without it.
    static exec::ExecSpec resolvedOrDie(const exec::ExecRequest &request, const exec::ExecPolicy &policy)
    {
        const exec::Resolved resolved = exec::resolve(request, policy);
        if (!resolved.spec)
            qFatal("resolve failed: %s", qPrintable(resolved.error));
        return *resolved.spec;
    }
};

} // namespace teamai::test
