#include "commands/RestrictedCommand.h"

#include "DataTable.h"

#include <QtTest>

using namespace teamai;

class TestRestrictedCommand : public QObject
{
    Q_OBJECT
private slots:
    // "bare teamai": nothing after `teamai` is not in the allowlist (issue 12: a closed set of
    // subcommands).
    void allowsOnlyTeamai_data() { test::loadTable(); }
    void allowsOnlyTeamai()
    {
        QFETCH(QString, cmd);
        QFETCH(QString, rejection);
        QFETCH(QStringList, arguments);
        const RestrictedCommand parsed = RestrictedCommand::parse(cmd);
        QCOMPARE(parsed.rejection, rejection);
        QCOMPARE(parsed.allowed(), rejection.isEmpty());
        QCOMPARE(parsed.arguments, arguments);
    }

    void ownBinaryIsAbsoluteAndBesideUs()
    {
        const QString path = ownTeamaiExecutable();
        QVERIFY(QDir::isAbsolutePath(path));
        QCOMPARE(QFileInfo(path).absolutePath(), QCoreApplication::applicationDirPath());
    }
};

QTEST_GUILESS_MAIN(TestRestrictedCommand)
#include "tst_restrictedcommand.moc"
