#include "exec/Resolve.h"

#include "DataTable.h"
#include "EnvironmentOf.h"
#include "TestEnvironment.h"
#include "util/Paths.h"

#include <QFile>
#include <QtTest>

using namespace teamai::exec;
using namespace teamai::test;

namespace {
ExecRequest shRequest()
{
    ExecRequest request;
    request.program = QStringLiteral("/bin/sh");
    request.arguments = {QStringLiteral("-c"), QStringLiteral("true")};
    return request;
}
} // namespace

/// @brief resolve(): defaults, the policy cap, the scrubbed environment and the program checks.
class TestResolve : public QObject
{
    Q_OBJECT
private slots:
    void fillsPolicyDefaults()
    {
        teamai::test::TestEnvironment env;
        ExecRequest request = shRequest();
        request.owner = QStringLiteral("owner-1");
        request.stdinBytes = QByteArray("input");
        const Resolved resolved = resolve(request, ExecPolicy());
        QVERIFY2(resolved.spec, qPrintable(resolved.error));
        const ExecSpec &spec = *resolved.spec;
        QCOMPARE(spec.program, QStringLiteral("/bin/sh"));
        QCOMPARE(spec.arguments, request.arguments);
        QCOMPARE(spec.timeoutMs, 120000);
        QCOMPARE(spec.memoryCapBytes, qint64(8 * 1024 * 1024));
        QCOMPARE(spec.killGraceMs, 2000);
        QCOMPARE(spec.spillDir, teamai::paths::agentStateDir() + QStringLiteral("/spill"));
        QVERIFY(spec.spillDir.startsWith(env.home()));
        QCOMPARE(spec.owner, QStringLiteral("owner-1"));
        QCOMPARE(spec.stdinBytes, std::optional<QByteArray>(QByteArray("input")));
        QVERIFY(!spec.onStarted);

        // The cancel handle is shared, not copied.
        request.cancel.cancel();
        QVERIFY(spec.cancel.isCancelled());
    }

    void usesPolicyValues()
    {
        ExecPolicy policy;
        policy.defaultTimeoutMs = 5000;
        policy.memoryCapBytes = 1234;
        policy.spillDir = QStringLiteral("/somewhere/spill");
        policy.killGraceMs = 100;
        const Resolved resolved = resolve(shRequest(), policy);
        QVERIFY(resolved.spec);
        QCOMPARE(resolved.spec->timeoutMs, 5000);
        QCOMPARE(resolved.spec->memoryCapBytes, qint64(1234));
        QCOMPARE(resolved.spec->spillDir, QStringLiteral("/somewhere/spill"));
        QCOMPARE(resolved.spec->killGraceMs, 100);
    }

    void capsTheTimeout_data()
    {
        // -1 = not set
        QTest::addColumn<int>("requested");
        QTest::addColumn<int>("maximum");
        QTest::addColumn<int>("expected");
        QTest::newRow("default") << -1 << -1 << 120000;
        QTest::newRow("request") << 3000 << -1 << 3000;
        QTest::newRow("request above cap") << 500000 << 60000 << 60000;
        QTest::newRow("request below cap") << 1000 << 60000 << 1000;
        QTest::newRow("default above cap") << -1 << 30000 << 30000;
    }

    void capsTheTimeout()
    {
        QFETCH(int, requested);
        QFETCH(int, maximum);
        QFETCH(int, expected);
        ExecRequest request = shRequest();
        if (requested >= 0)
            request.timeoutMs = requested;
        ExecPolicy policy;
        if (maximum >= 0)
            policy.maxTimeoutMs = maximum;
        const Resolved resolved = resolve(request, policy);
        QVERIFY(resolved.spec);
        QCOMPARE(resolved.spec->timeoutMs, expected);
    }

    void rejectsNonPositiveTimeout()
    {
        ExecRequest request = shRequest();
        request.timeoutMs = 0;
        QVERIFY(!resolve(request, ExecPolicy()).spec);
        request.timeoutMs = -5;
        QVERIFY(!resolve(request, ExecPolicy()).spec);
    }

    void rejectsBadPrograms_data() { loadTable(); }

    void rejectsBadPrograms()
    {
        QFETCH(QString, program);
        ExecRequest request = shRequest();
        request.program = program;
        const Resolved resolved = resolve(request, ExecPolicy());
        QVERIFY(!resolved.spec);
        QVERIFY(!resolved.error.isEmpty());
    }

    void rejectsNonExecutableFile()
    {
        teamai::test::TestEnvironment env;
        const QString path = env.writeFile(QStringLiteral("plain.txt"), "#!/bin/sh\n");
        QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
        ExecRequest request = shRequest();
        request.program = path;
        QVERIFY(!resolve(request, ExecPolicy()).spec);
    }

    void rejectsBadWorkingDirectory()
    {
        ExecRequest request = shRequest();
        request.workingDirectory = QStringLiteral("relative/dir");
        QVERIFY(!resolve(request, ExecPolicy()).spec);
        request.workingDirectory = QStringLiteral("/nonexistent/dir");
        QVERIFY(!resolve(request, ExecPolicy()).spec);
        request.workingDirectory = QStringLiteral("/tmp");
        QVERIFY(resolve(request, ExecPolicy()).spec);
    }

    void scrubsCredentialsAndAppliesExplicitEntries()
    {
        const QProcessEnvironment base = environmentOf({{"PATH", "/usr/bin:/bin"}, {"HOME", "/home/u"}, {"OPENAI_API_KEY", "sk-1"},
                                                        {"GITHUB_TOKEN", "ghp"}, {"db_password", "pw"}, {"Client_Secret", "s"},
                                                        {"MODE", "base"}});
        ExecRequest request = shRequest();
        request.environment.insert(QStringLiteral("MODE"), QStringLiteral("explicit"));
        request.environment.insert(QStringLiteral("TEAMAI_TOKEN"), QStringLiteral("product-set"));
        const Resolved resolved = resolve(request, ExecPolicy(), base);
        QVERIFY(resolved.spec);
        // The key, token, password and secret are dropped; the explicit entries win.
        QCOMPARE(entriesOf(resolved.spec->environment),
                 entriesOf(environmentOf({{"PATH", "/usr/bin:/bin"}, {"HOME", "/home/u"}, {"MODE", "explicit"},
                                          {"TEAMAI_TOKEN", "product-set"}})));
    }

    void emptyBaseGivesEmptyEnvironment()
    {
        const Resolved resolved = resolve(shRequest(), ExecPolicy(), QProcessEnvironment());
        QVERIFY(resolved.spec);
        QVERIFY(resolved.spec->environment.isEmpty());
        QVERIFY(!resolved.spec->environment.inheritsFromParent());
    }
};

QTEST_GUILESS_MAIN(TestResolve)
#include "tst_resolve.moc"
