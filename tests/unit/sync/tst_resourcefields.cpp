// Slug, version and kind of resource commands, field by field as the reference client derives them
// (docs/compatibility.md, "Resource details"), through the real handler and the devserver's downloads.
#include "commands/Command.h"
#include "sync/CommandContext.h"
#include "sync/ResourceCommandHandler.h"
#include "tools/ToolTable.h"

#include "DataRows.h"
#include "DevServerProcess.h"
#include "TestEnvironment.h"

#include <QDir>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QtTest>

using namespace teamai;

class TestResourceFields : public QObject
{
    Q_OBJECT

    static CommandResult run(const QJsonObject &object, const char *toolName = "claude")
    {
        QNetworkAccessManager network;
        ResourceCommandHandler handler(&network, QString());
        const Command command = Command::fromJson(object);
        CommandContext context;
        context.tool = findTool(QLatin1String(toolName));
        return handler.handle(command, routeCommand(command), context);
    }

private slots:
    void promptBlockNamedByRuleSlug_data()
    {
        test::addRowPerValue("marker", {QStringLiteral("rule_type"), QStringLiteral("handle_type")});
    }
    void promptBlockNamedByRuleSlug()
    {
        QFETCH(QString, marker);
        test::TestEnvironment env;
        test::DevServerProcess server;
        QVERIFY(server.isRunning());
        QVERIFY(QDir().mkpath(env.home() + QStringLiteral("/.claude")));  // blocks go only to an installed agent
        const CommandResult installed = run({{QStringLiteral("id"), 1}, {QStringLiteral("type"), QStringLiteral("install_rule")},
                                             {marker, QStringLiteral("prompt")}, {QStringLiteral("rule_slug"), QStringLiteral("team-guide")},
                                             {QStringLiteral("rule_version"), QStringLiteral("3")},
                                             {QStringLiteral("download_url"), QString(server.baseUrl() + QStringLiteral("/download/claudemd/team-guide.md?version=3"))}});
        QVERIFY2(installed.outcome == CommandResult::Outcome::Succeeded, qPrintable(installed.error));
        QCOMPARE(installed.version, QStringLiteral("3"));
        const QByteArray claudeMd = env.readFile(QStringLiteral(".claude/CLAUDE.md"));
        QVERIFY2(claudeMd.contains("TeamAI block team-guide"), claudeMd.constData());
        QVERIFY(!env.readFile(QStringLiteral(".claude/rules/team-guide.md")).size());  // a block, not a rule file

        const CommandResult removed = run({{QStringLiteral("id"), 2}, {QStringLiteral("type"), QStringLiteral("uninstall_rule")},
                                           {marker, QStringLiteral("prompt")}, {QStringLiteral("rule_slug"), QStringLiteral("team-guide")}});
        QVERIFY2(removed.outcome == CommandResult::Outcome::Succeeded, qPrintable(removed.error));
        QVERIFY(!env.readFile(QStringLiteral(".claude/CLAUDE.md")).contains("team-guide"));
    }

    void claudemdSlugWinsOverRuleSlug()
    {
        test::TestEnvironment env;
        const CommandResult result = run({{QStringLiteral("id"), 3}, {QStringLiteral("type"), QStringLiteral("uninstall_claudemd")},
                                          {QStringLiteral("claudemd_slug"), QStringLiteral("../bad")},
                                          {QStringLiteral("rule_slug"), QStringLiteral("fine")}});
        QCOMPARE(result.outcome, CommandResult::Outcome::Rejected);
        QCOMPARE(result.error, QStringLiteral("Invalid resource slug: ../bad"));
    }

    void presentEmptyFieldStopsTheChain()
    {
        // The reference's `skill_slug ?? slug`: an empty skill_slug is used (and refused), not skipped.
        test::TestEnvironment env;
        const CommandResult result = run({{QStringLiteral("id"), 4}, {QStringLiteral("type"), QStringLiteral("uninstall_skill")},
                                          {QStringLiteral("skill_slug"), QString()}, {QStringLiteral("slug"), QStringLiteral("x")}});
        QCOMPARE(result.outcome, CommandResult::Outcome::Rejected);
        QCOMPARE(result.error, QStringLiteral("Missing skill slug"));
        // null counts as absent: the next field is used.
        const CommandResult next = run({{QStringLiteral("id"), 5}, {QStringLiteral("type"), QStringLiteral("uninstall_skill")},
                                        {QStringLiteral("skill_slug"), QJsonValue()}, {QStringLiteral("name"), QStringLiteral("x")},
                                        {QStringLiteral("resource_version"), QStringLiteral("1.2")}});
        QVERIFY2(next.outcome == CommandResult::Outcome::Succeeded, qPrintable(next.error));
        QCOMPARE(next.version, QStringLiteral("1.2"));
    }

    void toolWithoutRulesFolderRefusesRules()
    {
        test::TestEnvironment env;
        const CommandResult result = run({{QStringLiteral("id"), 6}, {QStringLiteral("type"), QStringLiteral("uninstall_rule")},
                                          {QStringLiteral("rule_slug"), QStringLiteral("style")}}, "hermes");
        QCOMPARE(result.outcome, CommandResult::Outcome::Rejected);
        QCOMPARE(result.error, QStringLiteral("hermes has no rule folder"));
    }
};

QTEST_GUILESS_MAIN(TestResourceFields)
#include "tst_resourcefields.moc"
