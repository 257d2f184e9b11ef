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
    // In groups: the SPEC list (OPENAI_API_KEY to DB_PASSWORD); its extension (from
    // GOOGLE_APPLICATION_CREDENTIALS); PAT only as a whole part, names that stay (PATH to PATHEXT);
    // the documented desktop-session exceptions, exact names only (from DBUS_SESSION_BUS_ADDRESS);
    // ordinary names (from HOME).
    void names_data() { loadTable(); }
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
