// Hook rules end to end: install_hook_rule / uninstall_hook_rule from the devserver, run by
// `teamai sync`, editing the agent's settings in a temporary HOME without touching anything else.

#include "AgentTestCase.h"

#include <QJsonDocument>
#include <QtTest>

using namespace teamai::test;

namespace {

QJsonObject hookRule(qint64 id, bool install, const QJsonObject &fields)
{
    QJsonObject command = fields;
    command.insert(QStringLiteral("id"), id);
    command.insert(QStringLiteral("type"), install ? QStringLiteral("install_hook_rule") : QStringLiteral("uninstall_hook_rule"));
    return command;
}

// Settings with keys and hooks that are not ours: they must survive every edit.
const char *const kUserSettings =
    "{\"model\": \"opus\", \"permissions\": {\"allow\": [\"Bash(ls:*)\"]},"
    " \"hooks\": {\"PreToolUse\": [{\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"my-guard\"}]}],"
    "            \"Stop\": [{\"matcher\": \"\", \"hooks\": [{\"type\": \"command\", \"command\": \"other-tool stop\"}]}]}}";

} // namespace

class TestAgentHooksEndToEnd : public AgentTestCase
{
    Q_OBJECT
private:
    QJsonObject settings(const QString &relative = QStringLiteral(".claude/settings.json")) const
    {
        return QJsonDocument::fromJson(f->env().readFile(relative)).object();
    }
    QJsonArray hooksOf(const QString &event) const
    {
        return settings().value(QStringLiteral("hooks")).toObject().value(event).toArray();
    }
    QString ackError(qint64 id) { return f->ackFor(id).value(QStringLiteral("error")).toString(); }
    bool ackOk(qint64 id) { return f->ackFor(id).value(QStringLiteral("status")).toString() == QLatin1String("success"); }

    void setUp() override
    {
        f->env().writeFile(QStringLiteral(".claude/settings.json"), kUserSettings);
    }

private slots:
    void addReplaceRemove()
    {
        f->server().queue(hookRule(1, true, {{QStringLiteral("slug"), QStringLiteral("lint")},
                                             {QStringLiteral("event"), QStringLiteral("PreToolUse")},
                                             {QStringLiteral("matcher"), QStringLiteral("Edit|Write")},
                                             {QStringLiteral("cmd"), QStringLiteral("npx eslint --fix")},
                                             {QStringLiteral("timeout"), 20}}));
        f->syncJson();
        QVERIFY2(ackOk(1), qPrintable(ackError(1)));
        QJsonArray pre = hooksOf(QStringLiteral("PreToolUse"));
        QCOMPARE(pre.size(), 2);
        QCOMPARE(pre.at(0).toObject().value(QStringLiteral("matcher")).toString(), QStringLiteral("Bash"));
        const QJsonObject group = pre.at(1).toObject();
        QCOMPARE(group.value(QStringLiteral("matcher")).toString(), QStringLiteral("Edit|Write"));
        QCOMPARE(group.value(QStringLiteral("hooks")).toArray().at(0).toObject(),
                 (QJsonObject{{QStringLiteral("type"), QStringLiteral("command")}, {QStringLiteral("command"), QStringLiteral("npx eslint --fix")},
                              {QStringLiteral("timeout"), 20}, {QStringLiteral("_teamai"), QStringLiteral("[teamai:agent-hook:lint]")}}));
        const QJsonObject registry = QJsonDocument::fromJson(f->env().readFile(QStringLiteral(".teamai/local-agent/agent-hooks.json"))).object();
        // The reference client's shape: keyed by slug, naming the tool.
        QCOMPARE(registry.value(QStringLiteral("lint")).toObject().value(QStringLiteral("tool")).toString(), QStringLiteral("claude"));
        QCOMPARE(group.value(QStringLiteral("description")).toString(), QStringLiteral("[teamai:agent-hook:lint]"));

        // Re-install replaces: one entry, the new command, default timeout.
        f->server().queue(hookRule(2, true, {{QStringLiteral("slug"), QStringLiteral("lint")},
                                             {QStringLiteral("event"), QStringLiteral("PreToolUse")},
                                             {QStringLiteral("matcher"), QStringLiteral("Edit|Write")},
                                             {QStringLiteral("cmd"), QStringLiteral("npx eslint")}}));
        f->syncJson();
        QVERIFY2(ackOk(2), qPrintable(ackError(2)));
        pre = hooksOf(QStringLiteral("PreToolUse"));
        QCOMPARE(pre.size(), 2);
        const QJsonObject replaced = pre.at(1).toObject().value(QStringLiteral("hooks")).toArray().at(0).toObject();
        QCOMPARE(replaced.value(QStringLiteral("command")).toString(), QStringLiteral("npx eslint"));
        QCOMPARE(replaced.value(QStringLiteral("timeout")).toInt(), 10);

        // A second rule on our dispatch event family, then both removed.
        f->server().queue(hookRule(3, true, {{QStringLiteral("slug"), QStringLiteral("notify")},
                                             {QStringLiteral("event"), QStringLiteral("stop")},
                                             {QStringLiteral("cmd"), QStringLiteral("notify-send done")}}));
        f->syncJson();
        QVERIFY2(ackOk(3), qPrintable(ackError(3)));
        QCOMPARE(hooksOf(QStringLiteral("Stop")).size(), 2);

        f->server().queue(QJsonArray{hookRule(4, false, {{QStringLiteral("slug"), QStringLiteral("lint")}}),
                                     hookRule(5, false, {{QStringLiteral("slug"), QStringLiteral("notify")}})});
        f->syncJson();
        QVERIFY(ackOk(4));
        QVERIFY(ackOk(5));
        QCOMPARE(settings(), QJsonDocument::fromJson(kUserSettings).object());
    }

    void uninstallingAnUnknownSlugSucceeds()
    {
        f->server().queue(hookRule(10, false, {{QStringLiteral("slug"), QStringLiteral("never-installed")}}));
        f->syncJson();
        QVERIFY2(ackOk(10), qPrintable(ackError(10)));
        QCOMPARE(settings(), QJsonDocument::fromJson(kUserSettings).object());
    }

    void killSwitchRefusesHookRules()
    {
        f->server().queue(hookRule(20, true, {{QStringLiteral("slug"), QStringLiteral("x")},
                                              {QStringLiteral("event"), QStringLiteral("Stop")},
                                              {QStringLiteral("cmd"), QStringLiteral("echo x")}}));
        const QJsonObject result = f->syncJson({QStringLiteral("TEAMAI_DISABLE_REMOTE_CMD=1")});
        QCOMPARE(AgentFixture::commandIn(result, 20).value(QStringLiteral("outcome")).toString(), QStringLiteral("rejected"));
        QCOMPARE(ackError(20), QStringLiteral("remote cmd disabled by client"));
        QCOMPARE(settings(), QJsonDocument::fromJson(kUserSettings).object());
        QVERIFY(!QFile::exists(f->env().stateDir() + QStringLiteral("/agent-hooks.json")));
    }

    void badRulesAreRefused_data()
    {
        QTest::addColumn<QJsonObject>("fields");
        QTest::addColumn<QString>("error");
        QTest::newRow("slug") << QJsonObject{{QStringLiteral("slug"), QStringLiteral("../x")}, {QStringLiteral("event"), QStringLiteral("Stop")},
                                             {QStringLiteral("cmd"), QStringLiteral("echo")}}
                              << QStringLiteral("Invalid resource slug: ../x");
        QTest::newRow("no event") << QJsonObject{{QStringLiteral("slug"), QStringLiteral("x")}, {QStringLiteral("cmd"), QStringLiteral("echo")}}
                                  << QStringLiteral("Missing event for hook rule x");
        QTest::newRow("no cmd") << QJsonObject{{QStringLiteral("slug"), QStringLiteral("x")}, {QStringLiteral("event"), QStringLiteral("Stop")}}
                                << QStringLiteral("Missing cmd for hook rule x");
        QTest::newRow("bad event") << QJsonObject{{QStringLiteral("slug"), QStringLiteral("x")}, {QStringLiteral("event"), QStringLiteral("Stop; rm")},
                                                  {QStringLiteral("cmd"), QStringLiteral("echo")}}
                                   << QStringLiteral("Unsupported hook event for claude: Stop; rm");
        QTest::newRow("bad timeout") << QJsonObject{{QStringLiteral("slug"), QStringLiteral("x")}, {QStringLiteral("event"), QStringLiteral("Stop")},
                                                    {QStringLiteral("cmd"), QStringLiteral("echo")}, {QStringLiteral("timeout"), -3}}
                                     << QStringLiteral("Invalid hook timeout: -3");
    }
    void badRulesAreRefused()
    {
        QFETCH(QJsonObject, fields);
        QFETCH(QString, error);
        f->server().queue(hookRule(30, true, fields));
        f->syncJson();
        QCOMPARE(f->ackFor(30).value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
        QCOMPARE(ackError(30), error);
        QCOMPARE(settings(), QJsonDocument::fromJson(kUserSettings).object());
    }

    void cursorGetsItsFlatShape()
    {
        f->env().writeFile(QStringLiteral(".cursor/hooks.json"), "{\"version\": 1, \"hooks\": {\"stop\": [{\"command\": \"theirs\"}]}}");
        f->server().queue(hookRule(40, true, {{QStringLiteral("slug"), QStringLiteral("audit")},
                                              {QStringLiteral("event"), QStringLiteral("UserPromptSubmit")},
                                              {QStringLiteral("cmd"), QStringLiteral("audit-prompt")}}));
        const TeamaiRun run = runTeamai({QStringLiteral("sync"), QStringLiteral("--tool"), QStringLiteral("cursor")});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(ackOk(40), qPrintable(ackError(40)));
        const QJsonObject hooks = settings(QStringLiteral(".cursor/hooks.json")).value(QStringLiteral("hooks")).toObject();
        QCOMPARE(hooks.value(QStringLiteral("stop")).toArray().size(), 1);
        QCOMPARE(hooks.value(QStringLiteral("beforeSubmitPrompt")).toArray().at(0).toObject(),
                 (QJsonObject{{QStringLiteral("command"), QStringLiteral("audit-prompt")}, {QStringLiteral("timeout"), 10},
                              {QStringLiteral("_teamai"), QStringLiteral("[teamai:agent-hook:audit]")}}));
        QCOMPARE(settings(), QJsonDocument::fromJson(kUserSettings).object());  // claude untouched
    }
};

QTEST_GUILESS_MAIN(TestAgentHooksEndToEnd)
#include "tst_agenthooks_e2e.moc"
