#include "commands/RestrictedCommand.h"

#include <QtTest>

using namespace teamai;

class TestRestrictedCommand : public QObject
{
    Q_OBJECT
private slots:
    void allowsOnlyTeamai_data()
    {
        QTest::addColumn<QString>("cmd");
        QTest::addColumn<QString>("rejection");
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("teamai") << QStringLiteral("teamai uninstall --force") << QString()
                                << QStringList{QStringLiteral("uninstall"), QStringLiteral("--force")};
        // Nothing after `teamai` is not in the allowlist (issue 12: a closed set of subcommands).
        QTest::newRow("bare teamai") << QStringLiteral("teamai") << QStringLiteral(R"(Rejected cmd: "teamai" is not allowed from the backend)")
                                     << QStringList{};
        QTest::newRow("quoted teamai") << QStringLiteral("'teamai' --version") << QString() << QStringList{QStringLiteral("--version")};
        QTest::newRow("rm") << QStringLiteral("rm -rf /")
                            << QStringLiteral(R"(Rejected cmd: only "teamai" subcommands are allowed, got "rm")") << QStringList{};
        QTest::newRow("case sensitive") << QStringLiteral("TeamAI --version")
                                        << QStringLiteral(R"(Rejected cmd: only "teamai" subcommands are allowed, got "TeamAI")") << QStringList{};
        QTest::newRow("path to teamai") << QStringLiteral("/usr/bin/teamai --version")
                                        << QStringLiteral(R"(Rejected cmd: only "teamai" subcommands are allowed, got "/usr/bin/teamai")") << QStringList{};
        QTest::newRow("glued metachar") << QStringLiteral("teamai;rm -rf ~")
                                        << QStringLiteral(R"(Rejected cmd: only "teamai" subcommands are allowed, got "teamai;rm")") << QStringList{};
        QTest::newRow("empty") << QStringLiteral("  ") << QStringLiteral("Empty cmd") << QStringList{};
        QTest::newRow("unterminated") << QStringLiteral("teamai 'x") << QStringLiteral("Unterminated quote in cmd") << QStringList{};
    }
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
