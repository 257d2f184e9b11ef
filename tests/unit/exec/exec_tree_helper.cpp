// Test helper for tst_processtree: runs one /bin/sh script through LocalExecutor::run, as an agent
// would, so the test can SIGKILL this "agent" while its child tree runs.
// Usage: exec_tree_helper MARKER SCRIPT  (MARKER goes into the child's TEAMAI_TEST_MARKER)

#include "exec/LocalExecutor.h"

#include <QCoreApplication>
#include <QDir>

#include <cstdio>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() != 3)
        return 2;
    using namespace teamai::exec;
    ExecPolicy policy;
    policy.spillDir = QDir::tempPath() + QStringLiteral("/teamai-exec-tree-helper-") + QString::number(QCoreApplication::applicationPid());
    ExecRequest request;
    request.program = QStringLiteral("/bin/sh");
    request.arguments = {QStringLiteral("-c"), args.at(2)};
    request.timeoutMs = 600000;
    request.environment.insert(QStringLiteral("TEAMAI_TEST_MARKER"), args.at(1));
    const Resolved resolved = resolve(request, policy);
    if (!resolved.spec)
        return 3;
    LocalExecutor executor(policy);
    const ExecResult result = executor.run(*resolved.spec);
    std::printf("status %d\n", result.statusNumber());
    return 0;
}
