#include "config/AgentConfig.h"
#include "identity/AgentIdentity.h"
#include "resources/Manifest.h"
#include "sync/Payloads.h"
#include "tools/ToolTable.h"

#include "TestEnvironment.h"

#include <QJsonArray>
#include <QtTest>

using namespace teamai;

class TestPayloads : public QObject
{
    Q_OBJECT
private slots:
    void reportOmitsEmptyLists()
    {
        test::TestEnvironment env;
        const ToolInfo &claude = *findTool(QStringLiteral("claude"));
        const QJsonObject body = payloads::report(claude, AgentConfig(), QStringLiteral("running"), QDateTime::currentDateTimeUtc());
        QCOMPARE(body.value(QStringLiteral("agent_type")).toString(), QStringLiteral("claude"));
        QCOMPARE(body.value(QStringLiteral("local_agent_id")).toString(), identity::localAgentId(claude));
        QCOMPARE(body.value(QStringLiteral("last_status")).toString(), QStringLiteral("running"));
        QVERIFY(!body.value(QStringLiteral("host_name")).toString().isEmpty());
        QVERIFY(!body.value(QStringLiteral("started_at")).toString().isEmpty());
        const QJsonObject user = body.value(QStringLiteral("user_level")).toObject();
        QVERIFY(!user.contains(QStringLiteral("group_id")));  // no userGroupId: left out, as the reference does
        QVERIFY(!user.contains(QStringLiteral("skills")));
        QVERIFY(!user.contains(QStringLiteral("rules")));
        QVERIFY(!body.contains(QStringLiteral("workspaces")));
    }

    void reportListsSkillsAndRulesWithSource()
    {
        test::TestEnvironment env;
        env.writeFile(QStringLiteral(".claude/skills/pdf-tools/SKILL.md"), "---\nname: pdf-tools\nversion: 1.4.0\n---\nbody\n");
        env.writeFile(QStringLiteral(".claude/skills/mine/SKILL.md"), "no front matter\n");
        env.writeFile(QStringLiteral(".claude/skills/not-a-skill/README.md"), "x");
        env.writeFile(QStringLiteral(".claude/rules/style.md"), "# style");
        env.writeFile(QStringLiteral(".claude/rules/team/review.md"), "# review");
        env.writeFile(QStringLiteral(".claude/rules/notes.txt"), "ignored");
        Manifest manifest;
        manifest.setEntry(Manifest::userScopeKey(), ResourceKind::Skill, QStringLiteral("pdf-tools"),
                          {{QStringLiteral("slug"), QStringLiteral("pdf-tools")}, {QStringLiteral("source"), QStringLiteral("enterprise")}});
        manifest.setEntry(Manifest::userScopeKey(), ResourceKind::Rule, QStringLiteral("style"),
                          {{QStringLiteral("slug"), QStringLiteral("style")}});
        const Status saved = manifest.save();
        QVERIFY2(saved, qPrintable(saved.error()));

        const QJsonObject body = payloads::report(*findTool(QStringLiteral("claude")), AgentConfig(), QStringLiteral("running"),
                                                  QDateTime::currentDateTimeUtc());
        const QJsonObject user = body.value(QStringLiteral("user_level")).toObject();
        const QJsonArray skills = user.value(QStringLiteral("skills")).toArray();
        QCOMPARE(skills.size(), 2);
        QCOMPARE(skills.at(0).toObject().value(QStringLiteral("slug")).toString(), QStringLiteral("mine"));
        QCOMPARE(skills.at(0).toObject().value(QStringLiteral("source")).toString(), QStringLiteral("local"));
        QVERIFY(!skills.at(0).toObject().contains(QStringLiteral("version")));
        QCOMPARE(skills.at(1).toObject().value(QStringLiteral("slug")).toString(), QStringLiteral("pdf-tools"));
        QCOMPARE(skills.at(1).toObject().value(QStringLiteral("version")).toString(), QStringLiteral("1.4.0"));
        QCOMPARE(skills.at(1).toObject().value(QStringLiteral("source")).toString(), QStringLiteral("enterprise"));
        const QJsonArray rules = user.value(QStringLiteral("rules")).toArray();
        QCOMPARE(rules.size(), 2);
        QCOMPARE(rules.at(0).toObject().value(QStringLiteral("slug")).toString(), QStringLiteral("style"));
        QCOMPARE(rules.at(0).toObject().value(QStringLiteral("source")).toString(), QStringLiteral("enterprise"));
        QCOMPARE(rules.at(1).toObject().value(QStringLiteral("slug")).toString(), QStringLiteral("team/review"));
        QCOMPARE(rules.at(1).toObject().value(QStringLiteral("source")).toString(), QStringLiteral("local"));
    }

    void syncCarriesIdentityAndStatus()
    {
        test::TestEnvironment env;
        const ToolInfo &codex = *findTool(QStringLiteral("codex"));
        const QJsonObject body = payloads::sync(codex, AgentConfig(), QStringLiteral("stopped"));
        QCOMPARE(body.value(QStringLiteral("agent_type")).toString(), QStringLiteral("codex"));
        QCOMPARE(body.value(QStringLiteral("status")).toString(), QStringLiteral("stopped"));
        QCOMPARE(body.value(QStringLiteral("local_agent_id")).toString(), identity::localAgentId(codex));
    }

    void ackShape()
    {
        const QJsonObject ok = payloads::ack(7, QStringLiteral("install_skill"), true, QStringLiteral("ignored"), QStringLiteral("1.0"));
        QCOMPARE(ok.value(QStringLiteral("status")).toString(), QStringLiteral("success"));
        QCOMPARE(ok.value(QStringLiteral("error")).toString(), QString());
        QCOMPARE(ok.value(QStringLiteral("version")).toString(), QStringLiteral("1.0"));
        QCOMPARE(ok.value(QStringLiteral("id")).toInteger(), 7);
        const QJsonObject failed = payloads::ack(8, QStringLiteral("cmd"), false, QStringLiteral("boom"), {});
        QCOMPARE(failed.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
        QCOMPARE(failed.value(QStringLiteral("error")).toString(), QStringLiteral("boom"));
        QVERIFY(!failed.contains(QStringLiteral("version")));
        // A success that left the user's values alone says so (apply_model_config); a failure keeps its error.
        const QJsonObject noted = payloads::ack(9, QStringLiteral("apply_model_config"), true, QString(), {}, QStringLiteral("kept"));
        QCOMPARE(noted.value(QStringLiteral("status")).toString(), QStringLiteral("success"));
        QCOMPARE(noted.value(QStringLiteral("error")).toString(), QStringLiteral("kept"));
        QCOMPARE(payloads::ack(10, QStringLiteral("x"), false, QStringLiteral("boom"), {}, QStringLiteral("kept")).value(QStringLiteral("error")).toString(),
                 QStringLiteral("boom"));
    }
};

QTEST_GUILESS_MAIN(TestPayloads)
#include "tst_payloads.moc"
