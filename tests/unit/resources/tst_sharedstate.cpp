// The state files we share with the reference client (teamai-cli 0.25), read and written in its
// layout: agent-hooks.json keyed by slug, its tagged settings entries, its claudemd block store and
// manifest entries. The files under tests/data/compat/reference-state/ were written by the
// reference itself (hook-dispatch session-start against teamai-devserver, in a temporary HOME).

#include "agenthooks/AgentHookRegistry.h"
#include "agenthooks/HookRuleGate.h"
#include "agenthooks/HookRules.h"
#include "resources/Manifest.h"
#include "resources/ResourceScope.h"
#include "resources/ResourceStore.h"
#include "tools/ToolTable.h"
#include "TestCases.h"
#include "TestEnvironment.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

using namespace teamai;
using namespace teamai::agenthooks;
using namespace teamai::resources;
using namespace teamai::test;

namespace {

QByteArray referenceFile(const QString &name)
{
    QFile file(qEnvironmentVariable("TEAMAI_TEST_DATA_DIR") + QStringLiteral("/compat/reference-state/") + name);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QJsonObject jsonOf(const QByteArray &bytes)
{
    return QJsonDocument::fromJson(bytes).object();
}

const QString kBlockStore = QStringLiteral(".teamai/local-agent/resources/user/claudemd/");

} // namespace

class TestSharedState : public teamai::test::HomeTestCase
{
    Q_OBJECT
private:
    static const ToolInfo &tool(const char *name) { return *findTool(QLatin1String(name)); }
    QString home(const QString &relative) const { return env->home() + u'/' + relative; }
    QJsonObject fileJson(const QString &relative) const { return jsonOf(env->readFile(relative)); }
    QString payload(const QByteArray &content) const { return env->writeFile(QStringLiteral("download/payload.md"), content); }
    static ResourceScope user()
    {
        ResourceScope scope = ResourceScope::fromKey(QStringLiteral("user"));
        return scope;
    }
    static ResourceRequest block(const QString &slug)
    {
        ResourceRequest request;
        request.kind = ResourceKind::ClaudeMd;
        request.slug = slug;
        return request;
    }
    /// The reference's state after it installed block `alpha` and hook rule `ref-lint` for claude.
    void writeReferenceState() const
    {
        env->writeFile(QStringLiteral(".teamai/local-agent/agent-hooks.json"), referenceFile(QStringLiteral("agent-hooks.json")));
        env->writeFile(QStringLiteral(".teamai/local-agent/manifest.json"), referenceFile(QStringLiteral("manifest.json")));
        env->writeFile(kBlockStore + QStringLiteral("alpha.md"), referenceFile(QStringLiteral("claudemd-alpha.md")));
        env->writeFile(QStringLiteral(".claude/settings.json"), referenceFile(QStringLiteral("claude-settings.json")));
        env->writeFile(QStringLiteral(".claude/CLAUDE.md"), referenceFile(QStringLiteral("CLAUDE.md")));
    }

private slots:
    void readsTheReferencesHookRegistry()
    {
        writeReferenceState();
        const AgentHookRegistry::Loaded loaded = AgentHookRegistry::load();
        QVERIFY(loaded.error.isEmpty());
        QVERIFY(!loaded.needsMigration);
        const std::optional<HookRuleRecord> record = loaded.registry.find(QStringLiteral("claude"), QStringLiteral("ref-lint"));
        QVERIFY(record);
        QVERIFY(record->byReference);
        QCOMPARE(record->event, QStringLiteral("PreToolUse"));
        QCOMPARE(record->agentEvent, QStringLiteral("PreToolUse"));
        QCOMPARE(record->matcher, QStringLiteral("Edit"));
        QCOMPARE(record->command, QStringLiteral("echo ref-lint"));
        QCOMPARE(record->timeoutSeconds, 15);
        QCOMPARE(record->scopeKey, QStringLiteral("user"));
        QCOMPARE(record->settingsPath, home(QStringLiteral(".claude/settings.json")));
        QCOMPARE(hookrules::installed(tool("claude")).size(), 1);
        QVERIFY(hookrules::installed(tool("codebuddy")).isEmpty());
    }

    void writesTheReferencesHookRegistryAndKeepsItsRecords()
    {
        writeReferenceState();
        const QJsonObject before = fileJson(QStringLiteral(".teamai/local-agent/agent-hooks.json"));
        HookRuleSpec spec;
        spec.slug = QStringLiteral("ours");
        spec.event = QStringLiteral("stop");
        spec.command = QStringLiteral("notify done");
        QVERIFY(hookrules::install(tool("claude"), env->home(), QStringLiteral("user"), spec).ok);
        // The same slug as the reference's rule, for another tool: a key of its own.
        spec.slug = QStringLiteral("ref-lint");
        env->writeFile(QStringLiteral(".codebuddy/settings.json"), "{}");
        QVERIFY(hookrules::install(tool("codebuddy"), env->home(), QStringLiteral("user"), spec).ok);

        const QJsonObject after = fileJson(QStringLiteral(".teamai/local-agent/agent-hooks.json"));
        QCOMPARE(after.value(QStringLiteral("ref-lint")), before.value(QStringLiteral("ref-lint")));
        const QJsonObject ours = after.value(QStringLiteral("ours")).toObject();
        QCOMPARE(ours.value(QStringLiteral("tool")).toString(), QStringLiteral("claude"));
        QCOMPARE(ours.value(QStringLiteral("event")).toString(), QStringLiteral("stop"));
        QCOMPARE(ours.value(QStringLiteral("command")).toString(), QStringLiteral("notify done"));
        QCOMPARE(ours.value(QStringLiteral("timeout")).toInt(), 10);
        QCOMPARE(after.value(QStringLiteral("codebuddy/ref-lint")).toObject().value(QStringLiteral("tool")).toString(), QStringLiteral("codebuddy"));
        QVERIFY(!after.contains(QStringLiteral("version")) && !after.contains(QStringLiteral("rules")));
        // Our settings entry carries the reference's tag on its group too.
        const QJsonArray stop = fileJson(QStringLiteral(".claude/settings.json")).value(QStringLiteral("hooks")).toObject().value(QStringLiteral("Stop")).toArray();
        QCOMPARE(stop.size(), 1);
        QCOMPARE(stop.at(0).toObject().value(QStringLiteral("description")).toString(), QStringLiteral("[teamai:agent-hook:ours]"));
    }

    void uninstallsTheReferencesClaudeRuleButNotTheUsersTwin()
    {
        writeReferenceState();
        // The user's own identical hook, untagged, in the same event.
        QJsonObject settings = fileJson(QStringLiteral(".claude/settings.json"));
        QJsonObject hooks = settings.value(QStringLiteral("hooks")).toObject();
        QJsonArray pre = hooks.value(QStringLiteral("PreToolUse")).toArray();
        const QJsonObject usersTwin{{QStringLiteral("matcher"), QStringLiteral("Edit")},
                                    {QStringLiteral("hooks"), QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("command")},
                                                                                     {QStringLiteral("command"), QStringLiteral("echo ref-lint")},
                                                                                     {QStringLiteral("timeout"), 15}}}}};
        pre.append(usersTwin);
        hooks.insert(QStringLiteral("PreToolUse"), pre);
        settings.insert(QStringLiteral("hooks"), hooks);
        env->writeFile(QStringLiteral(".claude/settings.json"), QJsonDocument(settings).toJson());

        const HookRuleOutcome outcome = hookrules::uninstall(tool("claude"), QStringLiteral("ref-lint"));
        QVERIFY2(outcome.ok, qPrintable(outcome.error));
        const QJsonArray left = fileJson(QStringLiteral(".claude/settings.json")).value(QStringLiteral("hooks")).toObject().value(QStringLiteral("PreToolUse")).toArray();
        QCOMPARE(left, QJsonArray{usersTwin});
        QVERIFY(fileJson(QStringLiteral(".teamai/local-agent/agent-hooks.json")).isEmpty());
    }

    void uninstallsTheReferencesCodexRuleByItsCommand()
    {
        env->writeFile(QStringLiteral(".teamai/local-agent/agent-hooks.json"), referenceFile(QStringLiteral("agent-hooks-codex.json")));
        env->writeFile(QStringLiteral(".codex/hooks.json"), referenceFile(QStringLiteral("codex-hooks.json")));
        QVERIFY(hookrules::uninstall(tool("codex"), QStringLiteral("ref-fmt")).ok);
        QVERIFY(!fileJson(QStringLiteral(".codex/hooks.json")).contains(QStringLiteral("hooks")));
        QVERIFY(fileJson(QStringLiteral(".teamai/local-agent/agent-hooks.json")).isEmpty());

        // Without the reference's record, an untagged hook is the user's: never removed.
        env->writeFile(QStringLiteral(".codex/hooks.json"), referenceFile(QStringLiteral("codex-hooks.json")));
        QVERIFY(hookrules::uninstall(tool("codex"), QStringLiteral("ref-fmt")).ok);
        QCOMPARE(fileJson(QStringLiteral(".codex/hooks.json")), jsonOf(referenceFile(QStringLiteral("codex-hooks.json"))));
    }

    void migratesOurFormerRegistryOnce()
    {
        env->writeFile(QStringLiteral(".teamai/local-agent/agent-hooks.json"),
                         R"({"version": 1, "rules": {"claude": {"fmt": {"slug": "fmt", "event": "stop", "agent_event": "Stop",
                             "matcher": "", "command": "fmt", "timeout": 10, "settings_path": "/x/.claude/settings.json",
                             "scope": "user", "installed_at": "2026-01-01T00:00:00.000Z", "withdrawn": true,
                             "withdrawn_at": "2026-01-02T00:00:00.000Z", "withdrawn_because": "user"}},
                             "codebuddy": {"fmt": {"event": "stop", "agent_event": "Stop", "command": "fmt2"}}},
                             "ref-lint": {"tool": "claude", "event": "PreToolUse", "command": "echo ref-lint"}})");
        AgentHookRegistry::Loaded loaded = AgentHookRegistry::load();
        QVERIFY(loaded.error.isEmpty());
        QVERIFY(loaded.needsMigration);
        QCOMPARE(loaded.registry.all().size(), 3);
        const std::optional<HookRuleRecord> fmt = loaded.registry.find(QStringLiteral("claude"), QStringLiteral("fmt"));
        QVERIFY(fmt && fmt->withdrawn && !fmt->byReference);
        QCOMPARE(fmt->withdrawnBecause, QStringLiteral("user"));
        QCOMPARE(loaded.registry.find(QStringLiteral("codebuddy"), QStringLiteral("fmt"))->command, QStringLiteral("fmt2"));

        // A round (the kill-switch check every round makes) writes the reference's shape.
        hookrules::followGateNow(2000);
        const QJsonObject root = fileJson(QStringLiteral(".teamai/local-agent/agent-hooks.json"));
        QVERIFY(!root.contains(QStringLiteral("version")) && !root.contains(QStringLiteral("rules")));
        QCOMPARE(root.value(QStringLiteral("fmt")).toObject().value(QStringLiteral("tool")).toString(), QStringLiteral("claude"));
        QVERIFY(root.value(QStringLiteral("fmt")).toObject().value(QStringLiteral("withdrawn")).toBool());
        QCOMPARE(root.value(QStringLiteral("codebuddy/fmt")).toObject().value(QStringLiteral("command")).toString(), QStringLiteral("fmt2"));
        QCOMPARE(root.value(QStringLiteral("ref-lint")).toObject().value(QStringLiteral("command")).toString(), QStringLiteral("echo ref-lint"));
        QVERIFY(!AgentHookRegistry::load().needsMigration);
    }

    void claudeMdBlocksOfBothClientsInOneSection()
    {
        writeReferenceState();
        ResourceStore store(tool("claude"));
        const ResourceOutcome installed = store.install(user(), block(QStringLiteral("beta")), payload("## Beta\n"));
        QVERIFY2(installed.ok, qPrintable(installed.error));
        QVERIFY(QFile::exists(home(kBlockStore + QStringLiteral("beta.md"))));
        const QByteArray merged = env->readFile(QStringLiteral(".claude/CLAUDE.md"));
        QVERIFY(merged.startsWith("# Mine\n"));
        QCOMPARE(merged.count("<!-- [teamai:claudemd:start] -->"), 1);
        QCOMPARE(merged.count("## TeamAI block alpha"), 1);
        QCOMPARE(merged.count("## Beta"), 1);
        QVERIFY(merged.indexOf("## TeamAI block alpha") < merged.indexOf("## Beta"));

        // The manifest keeps the reference's entry as it was; ours has its shape plus `tools`.
        const QJsonObject claudemd = fileJson(QStringLiteral(".teamai/local-agent/manifest.json"))
                                         .value(QStringLiteral("scopes")).toObject().value(QStringLiteral("user")).toObject()
                                         .value(QStringLiteral("claudemd")).toObject();
        const QJsonObject referenceEntry = jsonOf(referenceFile(QStringLiteral("manifest.json"))).value(QStringLiteral("scopes")).toObject()
                                               .value(QStringLiteral("user")).toObject().value(QStringLiteral("claudemd")).toObject()
                                               .value(QStringLiteral("alpha")).toObject();
        QCOMPARE(claudemd.value(QStringLiteral("alpha")).toObject(), referenceEntry);
        const QJsonObject beta = claudemd.value(QStringLiteral("beta")).toObject();
        for (const char *key : {"slug", "display_name", "source", "installed_at"})
            QVERIFY2(beta.contains(QLatin1String(key)), key);
        QCOMPARE(beta.value(QStringLiteral("display_name")).toString(), QStringLiteral("beta"));

        // Our uninstall of the reference's block removes it everywhere: store, manifest, section.
        QVERIFY(store.uninstall(user(), ResourceKind::ClaudeMd, QStringLiteral("alpha")).ok);
        QVERIFY(!QFile::exists(home(kBlockStore + QStringLiteral("alpha.md"))));
        QVERIFY(Manifest::load().manifest.entry(QStringLiteral("user"), ResourceKind::ClaudeMd, QStringLiteral("alpha")).isEmpty());
        const QByteArray left = env->readFile(QStringLiteral(".claude/CLAUDE.md"));
        QVERIFY(!left.contains("alpha"));
        QCOMPARE(left.count("## Beta"), 1);
    }

    void ourFormerBlockStoreMovesWithoutLosingABlock()
    {
        env->writeFile(QStringLiteral(".claude/CLAUDE.md"), "# Mine\n");
        env->writeFile(QStringLiteral(".codebuddy/CODEBUDDY.md"), "# Buddy\n");
        const QString legacy = QStringLiteral(".teamai/local-agent/claudemd/");
        env->writeFile(legacy + QStringLiteral("claude/user/old.md"), "Old\n");
        env->writeFile(legacy + QStringLiteral("claude/user/same.md"), "Z1\n");
        env->writeFile(legacy + QStringLiteral("codebuddy/user/same.md"), "Z2\n");
        Manifest manifest;
        for (const char *slug : {"old", "same"}) {
            const QJsonArray tools = QString::fromLatin1(slug) == QLatin1String("same")
                ? QJsonArray{QStringLiteral("claude"), QStringLiteral("codebuddy")} : QJsonArray{QStringLiteral("claude")};
            manifest.setEntry(QStringLiteral("user"), ResourceKind::ClaudeMd, QLatin1String(slug),
                              QJsonObject{{QStringLiteral("slug"), QLatin1String(slug)}, {QStringLiteral("source"), QStringLiteral("enterprise")},
                                          {QStringLiteral("tools"), tools}});
        }
        QVERIFY(manifest.save());

        QVERIFY(ResourceStore(tool("claude")).install(user(), block(QStringLiteral("new")), payload("New\n")).ok);
        QCOMPARE(env->readFile(kBlockStore + QStringLiteral("old.md")), QByteArray("Old\n"));
        QCOMPARE(env->readFile(kBlockStore + QStringLiteral("same.md")), QByteArray("Z1\n"));
        QVERIFY(!QFile::exists(home(legacy + QStringLiteral("claude/user/old.md"))));
        const QByteArray claudeMd = env->readFile(QStringLiteral(".claude/CLAUDE.md"));
        QVERIFY(claudeMd.contains("Old") && claudeMd.contains("New") && claudeMd.contains("Z1"));

        // codebuddy's own text of `same` differs: it stays in the former store and still counts.
        QVERIFY(ResourceStore(tool("codebuddy")).install(user(), block(QStringLiteral("other")), payload("Other\n")).ok);
        QCOMPARE(env->readFile(legacy + QStringLiteral("codebuddy/user/same.md")), QByteArray("Z2\n"));
        const QByteArray buddy = env->readFile(QStringLiteral(".codebuddy/CODEBUDDY.md"));
        QVERIFY(buddy.contains("Z2") && !buddy.contains("Z1") && buddy.contains("Other") && !buddy.contains("Old"));
        // Installing it again for codebuddy puts the new text in the shared store and ends the override.
        QVERIFY(ResourceStore(tool("codebuddy")).install(user(), block(QStringLiteral("same")), payload("Z3\n")).ok);
        QVERIFY(!QFile::exists(home(legacy + QStringLiteral("codebuddy/user/same.md"))));
        QCOMPARE(env->readFile(kBlockStore + QStringLiteral("same.md")), QByteArray("Z3\n"));
    }

    void projectBlocksInTheReferencesWorkspaceStore()
    {
        QVERIFY(QDir().mkpath(home(QStringLiteral("ws/.claude"))));
        const QString workspace = QFileInfo(home(QStringLiteral("ws"))).canonicalFilePath();
        const QString id = QString::fromLatin1(QCryptographicHash::hash(workspace.toUtf8(), QCryptographicHash::Sha1).toHex().left(12));
        const QString store = QStringLiteral("ws/.teamai/workspaces/") + id + QStringLiteral("/local-agent/resources/claudemd/");
        // The reference's block, as its install_claudemd (scope project) leaves it.
        env->writeFile(store + QStringLiteral("pa.md"), "## PA\n");
        env->writeFile(QStringLiteral("ws/.teamai/.gitignore"), "# teamai local state\nlocal-agent/\n");
        const ResourceScope project = ResourceScope::fromKey(QStringLiteral("project:") + workspace);
        ResourceStore store_(tool("claude"));
        const ResourceOutcome outcome = store_.install(project, block(QStringLiteral("pb")), payload("## PB\n"));
        QVERIFY2(outcome.ok, qPrintable(outcome.error));
        QCOMPARE(env->readFile(store + QStringLiteral("pb.md")), QByteArray("## PB\n"));
        const QByteArray merged = env->readFile(QStringLiteral("ws/.claude/CLAUDE.md"));
        QCOMPARE(merged.count("## PA"), 1);
        QCOMPARE(merged.count("## PB"), 1);
        QCOMPARE(env->readFile(QStringLiteral("ws/.teamai/.gitignore")), QByteArray("# teamai local state\nlocal-agent/\n"));
        QVERIFY(store_.uninstall(project, ResourceKind::ClaudeMd, QStringLiteral("pb")).ok);
        QVERIFY(!QFile::exists(home(store + QStringLiteral("pb.md"))));
        QVERIFY(env->readFile(QStringLiteral("ws/.claude/CLAUDE.md")).contains("## PA"));
    }

    void aWorkspaceStoreBehindALinkIsRefused()
    {
        QVERIFY(QDir().mkpath(home(QStringLiteral("ws/.claude"))));
        QVERIFY(QDir().mkpath(home(QStringLiteral("outside"))));
        QVERIFY(QFile::link(home(QStringLiteral("outside")), home(QStringLiteral("ws/.teamai"))));
        const QString workspace = QFileInfo(home(QStringLiteral("ws"))).canonicalFilePath();
        const ResourceOutcome outcome = ResourceStore(tool("claude")).install(ResourceScope::fromKey(QStringLiteral("project:") + workspace),
                                                                             block(QStringLiteral("pb")), payload("## PB\n"));
        QVERIFY(!outcome.ok);
        QVERIFY2(outcome.error.contains(QStringLiteral("Refusing to write")), qPrintable(outcome.error));
        QVERIFY(QDir(home(QStringLiteral("outside"))).isEmpty());
        QVERIFY(!QFile::exists(home(QStringLiteral("ws/.claude/CLAUDE.md"))));
    }
};

QTEST_GUILESS_MAIN(TestSharedState)
#include "tst_sharedstate.moc"
