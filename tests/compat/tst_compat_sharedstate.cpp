// The state files both clients share (issue 14, item 3): CLAUDE.md blocks with their store and
// manifest entries, and hook rules in agent-hooks.json and the agent's settings. The reference
// client (teamai-cli 0.25.0) and our `teamai` take turns on one HOME and one devserver; each must
// see, keep and remove what the other installed. Commands go through the devserver's queue; the
// reference runs them in its session-start hook, we in `teamai sync`.
#include "CompatFixture.h"
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

class TestCompatSharedState : public QObject
{
    Q_OBJECT

    ReferenceClient m_reference;

    static void prepareHome(const TestEnvironment &env, const DevServerProcess &server, const QString &tool)
    {
        QDir().mkpath(env.home() + u'/' + QLatin1Char('.') + tool);
        env.writeFile(instructionFileOf(tool), kMine);
        writeReferenceConfig(env, server);
    }

    /// The reference's session-start hook, which pulls and runs the queued commands.
    bool runReference(const TestEnvironment &env, const QString &tool) const
    {
        return m_reference.sessionStart(env, tool, QStringLiteral("compat-state")).exited;
    }

    static QJsonObject json(const TestEnvironment &env, const QString &relative)
    {
        return QJsonDocument::fromJson(env.readFile(relative)).object();
    }

    static QJsonObject claudemdEntries(const TestEnvironment &env)
    {
        return json(env, QStringLiteral(".teamai/local-agent/manifest.json")).value(QStringLiteral("scopes")).toObject()
            .value(QStringLiteral("user")).toObject().value(QStringLiteral("claudemd")).toObject();
    }

    static void tools_data() { addToolRows({QStringLiteral("claude"), QStringLiteral("codebuddy"), QStringLiteral("workbuddy")}); }

private slots:
    void initTestCase() { m_reference.locate(); }

    void referenceInstallsWeInstallAndUninstall_data() { tools_data(); }
    void referenceInstallsWeInstallAndUninstall()
    {
        QFETCH(QString, tool);
        TestEnvironment env;
        DevServerProcess server;
        QVERIFY(server.isRunning());
        prepareHome(env, server, tool);

        server.queue(QJsonArray{claudemdCommand(1, server, QStringLiteral("alpha"), true), hookRule(2, QStringLiteral("ref-rule"), true)});
        QVERIFY(runReference(env, tool));
        QVERIFY(ackedSuccess(server, 1));
        QVERIFY(ackedSuccess(server, 2));
        QVERIFY2(waitForProcessesIn(env.home()), "the reference's detached child did not finish");
        QCOMPARE(hooksRunning(json(env, settingsFileOf(tool)), QStringLiteral("echo ref-rule")), QStringList{QStringLiteral("[teamai:agent-hook:ref-rule]")});

        server.queue(QJsonArray{claudemdCommand(3, server, QStringLiteral("beta"), true), hookRule(4, QStringLiteral("ref-rule"), false)});
        QVERIFY(ourSync(env, tool));
        QVERIFY(ackedSuccess(server, 3));
        QVERIFY(ackedSuccess(server, 4));
        const QByteArray merged = env.readFile(instructionFileOf(tool));
        QVERIFY2(merged.startsWith(kMine), merged.constData());
        QCOMPARE(merged.count("<!-- [teamai:claudemd:start] -->"), 1);
        QCOMPARE(merged.count("<!-- [teamai:claudemd:end] -->"), 1);
        QCOMPARE(merged.count("## TeamAI block alpha"), 1);
        QCOMPARE(merged.count("## TeamAI block beta"), 1);
        QVERIFY(merged.indexOf("block alpha") < merged.indexOf("block beta"));
        QVERIFY(hooksRunning(json(env, settingsFileOf(tool)), QStringLiteral("echo ref-rule")).isEmpty());
        QVERIFY(!json(env, QStringLiteral(".teamai/local-agent/agent-hooks.json")).contains(QStringLiteral("ref-rule")));
        QVERIFY(claudemdEntries(env).contains(QStringLiteral("alpha")));
        QVERIFY(claudemdEntries(env).contains(QStringLiteral("beta")));

        // The reference's block, uninstalled by us: gone from the section, the store, the manifest.
        server.queue(claudemdCommand(5, server, QStringLiteral("alpha"), false));
        QVERIFY(ourSync(env, tool));
        QVERIFY(ackedSuccess(server, 5));
        QVERIFY(!env.readFile(instructionFileOf(tool)).contains("alpha"));
        QVERIFY(!claudemdEntries(env).contains(QStringLiteral("alpha")));
        QVERIFY(!QFile::exists(env.stateDir() + QStringLiteral("/resources/user/claudemd/alpha.md")));

        // And the reference sees ours: its next install keeps beta in the section.
        server.queue(claudemdCommand(6, server, QStringLiteral("gamma"), true));
        QVERIFY(runReference(env, tool));
        QVERIFY(ackedSuccess(server, 6));
        QVERIFY2(waitForProcessesIn(env.home()), "the reference's detached child did not finish");
        const QByteArray after = env.readFile(instructionFileOf(tool));
        QCOMPARE(after.count("## TeamAI block beta"), 1);
        QCOMPARE(after.count("## TeamAI block gamma"), 1);
        QCOMPARE(after.count("<!-- [teamai:claudemd:start] -->"), 1);
    }

    void weInstallReferenceUninstalls_data() { tools_data(); }
    void weInstallReferenceUninstalls()
    {
        QFETCH(QString, tool);
        TestEnvironment env;
        DevServerProcess server;
        QVERIFY(server.isRunning());
        prepareHome(env, server, tool);
        // The user's own hook running the same command, untagged: neither client may touch it.
        const QJsonObject usersHook{{QStringLiteral("matcher"), QStringLiteral("Edit")},
                                    {QStringLiteral("hooks"), QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("command")},
                                                                                     {QStringLiteral("command"), QStringLiteral("echo our-rule")}}}}};
        env.writeFile(settingsFileOf(tool), QJsonDocument(QJsonObject{{QStringLiteral("hooks"), QJsonObject{{QStringLiteral("PreToolUse"), QJsonArray{usersHook}}}}}).toJson());

        server.queue(QJsonArray{claudemdCommand(1, server, QStringLiteral("delta"), true), hookRule(2, QStringLiteral("our-rule"), true)});
        QVERIFY(ourSync(env, tool));
        QVERIFY(ackedSuccess(server, 1));
        QVERIFY(ackedSuccess(server, 2));
        QCOMPARE(hooksRunning(json(env, settingsFileOf(tool)), QStringLiteral("echo our-rule")),
                 (QStringList{QStringLiteral("-"), QStringLiteral("[teamai:agent-hook:our-rule]")}));
        QCOMPARE(env.readFile(instructionFileOf(tool)).count("## TeamAI block delta"), 1);

        server.queue(QJsonArray{claudemdCommand(3, server, QStringLiteral("delta"), false), hookRule(4, QStringLiteral("our-rule"), false)});
        QVERIFY(runReference(env, tool));
        QVERIFY(ackedSuccess(server, 3));
        QVERIFY(ackedSuccess(server, 4));
        QVERIFY2(waitForProcessesIn(env.home()), "the reference's detached child did not finish");
        QCOMPARE(env.readFile(instructionFileOf(tool)), kMine);
        QVERIFY(!claudemdEntries(env).contains(QStringLiteral("delta")));
        QCOMPARE(hooksRunning(json(env, settingsFileOf(tool)), QStringLiteral("echo our-rule")), QStringList{QStringLiteral("-")});
        QVERIFY(!json(env, QStringLiteral(".teamai/local-agent/agent-hooks.json")).contains(QStringLiteral("our-rule")));

        // Our next round finds nothing of the rule to restore or remove.
        QVERIFY(ourSync(env, tool));
        QCOMPARE(hooksRunning(json(env, settingsFileOf(tool)), QStringLiteral("echo our-rule")), QStringList{QStringLiteral("-")});
    }
};

QTEST_GUILESS_MAIN(TestCompatSharedState)
#include "tst_compat_sharedstate.moc"
