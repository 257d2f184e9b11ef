// The child-environment scrub: the SPEC §5 list, its extension (issue 12) and the documented
// exceptions — what a pushed command's process does and does not inherit.

#include "exec/EnvironmentScrub.h"
#include "exec/Resolve.h"

#include "DataTable.h"
#include "EnvironmentOf.h"

#include <QtTest>

using namespace teamai::exec;
using namespace teamai::test;

class TestEnvironmentScrub : public QObject
{
    Q_OBJECT
private slots:
    void names_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("dropped");
        const auto row = [](const char *name, bool dropped) { QTest::newRow(name) << QString::fromLatin1(name) << dropped; };
        // The SPEC list.
        row("OPENAI_API_KEY", true);
        row("GITHUB_TOKEN", true);
        row("aws_secret_access_key", true);
        row("DB_PASSWORD", true);
        // The extension.
        row("GOOGLE_APPLICATION_CREDENTIALS", true);
        row("AZURE_CREDENTIAL_FILE", true);
        row("NPM_AUTH", true);
        row("OAuth_Client", true);
        row("XAUTHORITY", true);
        row("GITHUB_PAT", true);
        row("PAT_FOR_CI", true);
        row("my_pat_2", true);
        row("SSHPASS", true);
        row("PGPASS", true);
        row("SUDO_ASKPASS", true);
        row("BROWSER_COOKIE", true);
        row("cookie_jar", true);
        row("AWS_SESSION_EXPIRES", true);
        row("TMUX_SESSION", true);
        row("STY_SESSION_NAME", true);
        // PAT only as a whole part: these stay.
        row("PATH", false);
        row("LD_LIBRARY_PATH", false);
        row("PYTHONPATH", false);
        row("PATTERN", false);
        row("SPATIAL_MODE", false);
        row("PATHEXT", false);
        // The documented desktop-session exceptions, exact names only.
        row("DBUS_SESSION_BUS_ADDRESS", false);
        row("XDG_SESSION_TYPE", false);
        row("XDG_SESSION_ID", false);
        row("XDG_SESSION_CLASS", false);
        row("XDG_SESSION_DESKTOP", false);
        row("XDG_SESSION_COOKIE", true);
        row("dbus_session_bus_address", true);
        row("DBUS_SESSION_BUS_ADDRESS_TOKEN", true);
        // Ordinary names.
        row("HOME", false);
        row("LANG", false);
        row("XDG_RUNTIME_DIR", false);
        row("TEAMAI_DISABLE_REMOTE_CMD", false);
        row("TEAMAI_POLICY_FILE", false);
    }
    void names()
    {
        QFETCH(QString, name);
        QFETCH(bool, dropped);
        QCOMPARE(isScrubbedVariable(name, QStringLiteral("plain")), dropped);
    }

    void urlsWithAPassword_data() { loadTable(); }
    void urlsWithAPassword()
    {
        QFETCH(QString, value);
        QFETCH(bool, dropped);
        QCOMPARE(containsUrlWithPassword(value), dropped);
        QCOMPARE(isScrubbedVariable(QStringLiteral("DATABASE_URL"), value), dropped);
        QCOMPARE(isScrubbedVariable(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"), value), dropped);
    }

    void resolveAppliesTheScrubThenTheProductsEntries()
    {
        const QProcessEnvironment base = environmentOf({{"PATH", "/usr/bin:/bin"}, {"GITHUB_PAT", "ghp_x"},
                                                        {"DATABASE_URL", "postgres://u:pw@h/db"},
                                                        {"DBUS_SESSION_BUS_ADDRESS", "unix:path=/run/user/1000/bus"},
                                                        {"XDG_SESSION_COOKIE", "c"}, {"TEAMAI_PUSHED_COMMAND", "inherited"}});
        ExecRequest request;
        request.program = QStringLiteral("/bin/sh");
        request.environment.insert(QStringLiteral("TEAMAI_PUSHED_COMMAND"), QStringLiteral("42"));
        const Resolved resolved = resolve(request, ExecPolicy(), base);
        QVERIFY(resolved.spec);
        // GITHUB_PAT, DATABASE_URL (a password in its URL) and XDG_SESSION_COOKIE are dropped.
        QCOMPARE(entriesOf(resolved.spec->environment),
                 entriesOf(environmentOf({{"PATH", "/usr/bin:/bin"}, {"DBUS_SESSION_BUS_ADDRESS", "unix:path=/run/user/1000/bus"},
                                          {"TEAMAI_PUSHED_COMMAND", "42"}})));
    }
};

QTEST_GUILESS_MAIN(TestEnvironmentScrub)
#include "tst_environmentscrub.moc"
