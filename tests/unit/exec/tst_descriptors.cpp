// Issue #13 item 8: every descriptor the agent opens is close-on-exec, so a child — the detached
// worker, a pushed command — never inherits the log file, the ledger or a lock.
#include "exec/LocalExecutor.h"
#include "exec/Resolve.h"
#include "log/ErrorJournal.h"
#include "log/Logging.h"
#include "store/CommandLedger.h"
#include "store/LedgerDatabase.h"
#include "util/FileLock.h"
#include "util/Paths.h"

#include "TestEnvironment.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QtTest>

#include <fcntl.h>

using namespace teamai;

namespace {

// Descriptors of this process without FD_CLOEXEC, other than the standard three.
QStringList inheritableDescriptors()
{
    QStringList found;
    const QDir fds(QStringLiteral("/proc/self/fd"));
    for (const QString &name : fds.entryList(QDir::Files | QDir::System | QDir::NoDotAndDotDot)) {
        const int fd = name.toInt();
        if (fd <= 2)
            continue;
        const int flags = ::fcntl(fd, F_GETFD);
        if (flags >= 0 && !(flags & FD_CLOEXEC))
            found << QStringLiteral("%1 -> %2").arg(fd).arg(QFileInfo(fds.filePath(name)).symLinkTarget());
    }
    return found;
}

} // namespace

class TestDescriptors : public QObject
{
    Q_OBJECT
private slots:
    void agentDescriptorsAreCloseOnExec()
    {
        test::TestEnvironment env;
        const QStringList before = inheritableDescriptors();  // what the test runner itself left open

        logging::install();
        qWarning("a line that opens the log file");
        recordHookError(QStringLiteral("stop"), QStringLiteral("claude"), QStringLiteral("backend down"));
        LedgerDatabase db;
        const Status opened = db.open();
        QVERIFY2(opened, qPrintable(opened.error()));
        CommandLedger ledger(db);
        QVERIFY(ledger.outboxSize().valueOr(-1) == 0);
        FileLock lock(paths::agentStateDir() + QStringLiteral("/test.lock"));
        QVERIFY(lock.acquire(1000).ok());

        QVERIFY(QFile::exists(paths::logDir() + QStringLiteral("/teamai.log")));
        QStringList leaked = inheritableDescriptors();
        for (const QString &old : before)
            leaked.removeAll(old);
        QVERIFY2(leaked.isEmpty(), qPrintable(leaked.join(QStringLiteral(", "))));

        // And what a started child really sees: its standard streams and the one ls opens itself.
        exec::ExecRequest request;
        request.program = QStringLiteral("/bin/ls");
        request.arguments = {QStringLiteral("/proc/self/fd")};
        exec::ExecPolicy policy;
        policy.spillDir = env.home() + QStringLiteral("/spill");
        const exec::Resolved resolved = exec::resolve(request, policy);
        QVERIFY2(resolved.spec, qPrintable(resolved.error));
        exec::LocalExecutor executor;
        const exec::ExecResult result = executor.run(*resolved.spec);
        QVERIFY(result.succeeded());
        const QStringList childFds = QString::fromUtf8(result.out.text).split(u'\n', Qt::SkipEmptyParts);
        QVERIFY2(childFds.size() <= 4, qPrintable(childFds.join(u' ')));
        logging::shutdown();
    }
};

QTEST_GUILESS_MAIN(TestDescriptors)
#include "tst_descriptors.moc"
