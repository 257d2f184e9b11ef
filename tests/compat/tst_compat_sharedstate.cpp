// The state files both clients share (issue 14, item 3): CLAUDE.md blocks with their store and
// manifest entries, and hook rules in agent-hooks.json and the agent's settings. The reference
// client (teamai-cli 0.25.0) and our `teamai` take turns on one HOME and one devserver; each must
// see, keep and remove what the other installed. Commands go through the devserver's queue; the
// reference runs them in its session-start hook, we in `teamai sync`.
#include "CompatFixture.h"
#include "CompatTestCase.h"
#include "DevServerProcess.h"
#include "ReferenceClient.h"
#include "TestEnvironment.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

using namespace teamai::test;

namespace {

const QByteArray kMine = "# Mine\n";

QJsonObject command(qint64 id, const QString &type, const QJsonObject &fields)
{
    QJsonObject object = fields;
    object.insert(QStringLiteral("id"), id);
    object.insert(QStringLiteral("type"), type);
    object.insert(QStringLiteral("scope"), QStringLiteral("user"));
    return object;
}

QJsonObject hookRule(qint64 id, const QString &slug, bool install)
{
    QJsonObject fields{{QStringLiteral("slug"), slug}};
    if (install) {
        fields.insert(QStringLiteral("event"), QStringLiteral("PreToolUse"));
        fields.insert(QStringLiteral("matcher"), QStringLiteral("Edit"));
        fields.insert(QStringLiteral("cmd"), QString(QStringLiteral("echo ") + slug));
        fields.insert(QStringLiteral("timeout"), 15);
    }
    return command(id, install ? QStringLiteral("install_hook_rule") : QStringLiteral("uninstall_hook_rule"), fields);
}

/// Every hook of @p settings that runs @p command, with its group's description (or "-").
QStringList hooksRunning(const QJsonObject &settings, const QString &command)
{
    QStringList found;
    for (const SettingsHook &hook : hooksIn(settings)) {
        if (hook.hook.value(QStringLiteral("command")).toString() == command)
            found.append(hook.group.value(QStringLiteral("description")).toString(QStringLiteral("-")));
    }
    return found;
}

} // namespace

class TestCompatSharedState : public CompatTestCase
{
    Q_OBJECT

public:
    TestCompatSharedState()
        : CompatTestCase({QStringLiteral("claude"), QStringLiteral("codebuddy"), QStringLiteral("workbuddy")})
    {
    }

private:
    void setUpHome() override
    {
        QDir().mkpath(env().home() + u'/' + QLatin1Char('.') + tool());
        env().writeFile(instructionFileOf(tool()), kMine);
        writeReferenceConfig(env(), server());
    }

    /// The reference's session-start hook, which pulls and runs the queued commands; its detached
    /// child must be done before the next turn.
    bool referenceTurn() const
    {
        return reference().sessionStart(env(), tool(), QStringLiteral("compat-state")).exited && waitForProcessesIn(env().home());
    }

    QJsonObject json(const QString &relative) const
    {
        return QJsonDocument::fromJson(env().readFile(relative)).object();
    }

    QJsonObject settings() const { return json(settingsFileOf(tool())); }
    QByteArray instruction() const { return env().readFile(instructionFileOf(tool())); }

    QJsonObject claudemdEntries() const
    {
        return json(QStringLiteral(".teamai/local-agent/manifest.json")).value(QStringLiteral("scopes")).toObject()
            .value(QStringLiteral("user")).toObject().value(QStringLiteral("claudemd")).toObject();
    }

private slots:
    void referenceInstallsWeInstallAndUninstall()
    {
        server().queue(QJsonArray{claudemdCommand(1, server(), QStringLiteral("alpha"), true),
                                  hookRule(2, QStringLiteral("ref-rule"), true)});
        QVERIFY(referenceTurn());
        QVERIFY(ackedSuccess(1));
        QVERIFY(ackedSuccess(2));
        QCOMPARE(hooksRunning(settings(), QStringLiteral("echo ref-rule")), QStringList{QStringLiteral("[teamai:agent-hook:ref-rule]")});

        server().queue(QJsonArray{claudemdCommand(3, server(), QStringLiteral("beta"), true),
                                  hookRule(4, QStringLiteral("ref-rule"), false)});
        QVERIFY(ourSync());
        QVERIFY(ackedSuccess(3));
        QVERIFY(ackedSuccess(4));
        const QByteArray merged = instruction();
        QVERIFY2(merged.startsWith(kMine), merged.constData());
        QCOMPARE(sectionBlocks(merged), (QStringList{QStringLiteral("alpha"), QStringLiteral("beta")}));
        QVERIFY(hooksRunning(settings(), QStringLiteral("echo ref-rule")).isEmpty());
        QVERIFY(!json(QStringLiteral(".teamai/local-agent/agent-hooks.json")).contains(QStringLiteral("ref-rule")));
        QVERIFY(claudemdEntries().contains(QStringLiteral("alpha")));
        QVERIFY(claudemdEntries().contains(QStringLiteral("beta")));

        // The reference's block, uninstalled by us: gone from the section, the store, the manifest.
        server().queue(claudemdCommand(5, server(), QStringLiteral("alpha"), false));
        QVERIFY(ourSync());
        QVERIFY(ackedSuccess(5));
        QVERIFY(!instruction().contains("alpha"));
        QVERIFY(!claudemdEntries().contains(QStringLiteral("alpha")));
        QVERIFY(!QFile::exists(env().stateDir() + QStringLiteral("/resources/user/claudemd/alpha.md")));

        // And the reference sees ours: its next install keeps beta in the section.
        server().queue(claudemdCommand(6, server(), QStringLiteral("gamma"), true));
        QVERIFY(referenceTurn());
        QVERIFY(ackedSuccess(6));
        QCOMPARE(sectionBlocks(instruction()), (QStringList{QStringLiteral("beta"), QStringLiteral("gamma")}));
    }

    void weInstallReferenceUninstalls()
    {
        // The user's own hook running the same command, untagged: neither client may touch it.
        const QJsonObject usersHook{{QStringLiteral("matcher"), QStringLiteral("Edit")},
                                    {QStringLiteral("hooks"), QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("command")},
                                                                                     {QStringLiteral("command"), QStringLiteral("echo our-rule")}}}}};
        env().writeFile(settingsFileOf(tool()), QJsonDocument(QJsonObject{{QStringLiteral("hooks"), QJsonObject{{QStringLiteral("PreToolUse"), QJsonArray{usersHook}}}}}).toJson());

        server().queue(QJsonArray{claudemdCommand(1, server(), QStringLiteral("delta"), true),
                                  hookRule(2, QStringLiteral("our-rule"), true)});
        QVERIFY(ourSync());
        QVERIFY(ackedSuccess(1));
        QVERIFY(ackedSuccess(2));
        QCOMPARE(hooksRunning(settings(), QStringLiteral("echo our-rule")),
                 (QStringList{QStringLiteral("-"), QStringLiteral("[teamai:agent-hook:our-rule]")}));
        QCOMPARE(sectionBlocks(instruction()), QStringList{QStringLiteral("delta")});

        server().queue(QJsonArray{claudemdCommand(3, server(), QStringLiteral("delta"), false),
                                  hookRule(4, QStringLiteral("our-rule"), false)});
        QVERIFY(referenceTurn());
        QVERIFY(ackedSuccess(3));
        QVERIFY(ackedSuccess(4));
        QCOMPARE(instruction(), kMine);
        QVERIFY(!claudemdEntries().contains(QStringLiteral("delta")));
        QCOMPARE(hooksRunning(settings(), QStringLiteral("echo our-rule")), QStringList{QStringLiteral("-")});
        QVERIFY(!json(QStringLiteral(".teamai/local-agent/agent-hooks.json")).contains(QStringLiteral("our-rule")));

        // Our next round finds nothing of the rule to restore or remove.
        QVERIFY(ourSync());
        QCOMPARE(hooksRunning(settings(), QStringLiteral("echo our-rule")), QStringList{QStringLiteral("-")});
    }
};

QTEST_GUILESS_MAIN(TestCompatSharedState)
#include "tst_compat_sharedstate.moc"
