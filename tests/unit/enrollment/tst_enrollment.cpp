// Enrollment (issue 18 item 1): the one setup sequence `teamai init`, the first-run dialog and
// Settings call. It writes config.json and the token to the chosen store, installs the chosen
// agents' hooks, registers or removes the MCP server, and the decisions where the three copies
// differed: a stored token moves to a new URL in the store it is in (never one from
// TEAMAI_TOKEN), teamai-cli's token is adopted, config.json is written before the token (so the
// file store's copy there is the new one), and bad input or a token that cannot be saved changes
// nothing.

#include "config/AgentConfig.h"
#include "config/AgentSettings.h"
#include "config/TokenSource.h"
#include "config/TokenStore.h"
#include "enrollment/Enrollment.h"
#include "tools/ToolTable.h"

#include "DataTable.h"
#include "FakeKeychain.h"
#include "TestEnvironment.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <memory>

using namespace teamai;
using Location = AgentSettings::TokenLocation;
using Outcome = EnrollmentStep::Outcome;

namespace {
const QString kEndpoint = QStringLiteral("https://teamai.example.com");
const QString kOther = QStringLiteral("https://other.example.com");
const QString kToken = QStringLiteral("tok_0123456789abcdef");
} // namespace

class TestEnrollment : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<test::TestEnvironment> env;
    QString program;

    EnrollmentRequest request(const QString &endpoint, const QString &token, const QStringList &agents = {}) const
    {
        EnrollmentRequest request;
        request.endpoint = endpoint;
        request.token = token;
        request.tokenStore = TokenStore::Backend::File;
        for (const QString &name : agents)
            request.agents << findTool(name);
        request.teamaiProgram = program;
        return request;
    }

    QString configToken() const { return AgentConfig::load().config.token(); }

    // Everything a setup writes, so a refused one can be shown to have written nothing.
    QStringList written() const
    {
        QStringList files;
        const QStringList candidates{AgentConfig::defaultPath(), TokenStore::tokenFilePath(),
                                     env->home() + QStringLiteral("/.claude/settings.json"),
                                     env->home() + QStringLiteral("/.claude.json")};
        for (const QString &path : candidates) {
            if (QFile::exists(path))
                files << path;
        }
        return files;
    }

private slots:
    void init()
    {
        env = std::make_unique<test::TestEnvironment>();
        program = env->writeFile(QStringLiteral("opt/teamai/bin/teamai"), "#!/bin/sh\nexit 0\n");
        QFile::setPermissions(program, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        TokenSource::invalidate();
    }
    void cleanup()
    {
        qunsetenv("TEAMAI_TOKEN");
        TokenSource::invalidate();
        env.reset();
    }

    void writesConfigTheTokenAndTheHooks()
    {
        const EnrollmentResult result = Enrollment::run(request(kEndpoint + QStringLiteral("/"), kToken, {QStringLiteral("claude")}));
        QVERIFY2(result.ok(), qPrintable(result.error));
        QCOMPARE(result.endpoint, kEndpoint);
        QVERIFY(result.endpointChanged());
        QCOMPARE(result.configPath, AgentConfig::defaultPath());
        QCOMPARE(AgentConfig::load().config.endpoint(), kEndpoint);
        QCOMPARE(result.token.outcome, TokenOutcome::Saved);
        QCOMPARE(result.token.location, Location::File);
        QCOMPARE(TokenStore::load(kEndpoint).token, kToken);
        // Written after config.json: the file store's copy there is what teamai-cli sends.
        QCOMPARE(configToken(), kToken);
        QCOMPARE(result.hooks.size(), 1);
        QCOMPARE(result.hooks.at(0).outcome, Outcome::Written);
        QCOMPARE(result.hooks.at(0).path, env->home() + QStringLiteral("/.claude/settings.json"));
        const QByteArray hooks = env->readFile(QStringLiteral(".claude/settings.json"));
        QVERIFY(hooks.contains(QByteArray(program.toUtf8() + " hook-dispatch")));
        QVERIFY(result.mcp.isEmpty());
        QVERIFY(!QFile::exists(env->home() + QStringLiteral("/.claude.json")));  // MCP left alone
    }

    void runningAgainChangesNothing()
    {
        QVERIFY(Enrollment::run(request(kEndpoint, kToken, {QStringLiteral("claude")})).ok());
        const QByteArray hooks = env->readFile(QStringLiteral(".claude/settings.json"));
        const EnrollmentResult again = Enrollment::run(request(kEndpoint, {}, {QStringLiteral("claude")}));
        QVERIFY2(again.ok(), qPrintable(again.error));
        QVERIFY(!again.endpointChanged());
        QCOMPARE(again.token.outcome, TokenOutcome::Kept);
        QCOMPARE(again.hooks.at(0).outcome, Outcome::InPlace);
        QCOMPARE(env->readFile(QStringLiteral(".claude/settings.json")), hooks);
        QCOMPARE(TokenStore::load(kEndpoint).token, kToken);
        QCOMPARE(configToken(), kToken);
    }

    void theCredentialStoreHoldsTheOnlyCopy()
    {
        test::FakeKeychain keychain;
        EnrollmentRequest keychainRequest = request(kEndpoint, kToken);
        keychainRequest.tokenStore = TokenStore::Backend::Keychain;
        const EnrollmentResult result = Enrollment::run(keychainRequest);
        QVERIFY2(result.ok(), qPrintable(result.error));
        QCOMPARE(result.token.location, Location::Keychain);
        QCOMPARE(keychain.secret(kEndpoint), kToken);
        QVERIFY(!QFile::exists(TokenStore::tokenFilePath()));
        QVERIFY(configToken().isEmpty());
    }

    // Settings did this and the CLI did not: now both do (docs/architecture.md "Enrollment").
    void aNewEndpointKeepsTheFileToken()
    {
        QVERIFY(Enrollment::run(request(kEndpoint, kToken)).ok());
        EnrollmentRequest move = request(kOther, {});
        move.tokenStore = TokenStore::Backend::Auto;
        const EnrollmentResult result = Enrollment::run(move);
        QVERIFY2(result.ok(), qPrintable(result.error));
        QCOMPARE(result.previousEndpoint, kEndpoint);
        QCOMPARE(result.token.outcome, TokenOutcome::CarriedOver);
        QCOMPARE(result.token.location, Location::File);  // the store it was in, though Auto was asked
        QCOMPARE(TokenStore::load(kOther).token, kToken);
        QCOMPARE(configToken(), kToken);  // teamai-cli reads it there, for the new endpoint
        QCOMPARE(AgentConfig::load().config.endpoint(), kOther);
    }

    void aNewEndpointMovesTheKeychainEntry()
    {
        test::FakeKeychain keychain;
        EnrollmentRequest first = request(kEndpoint, kToken);
        first.tokenStore = TokenStore::Backend::Auto;
        QCOMPARE(Enrollment::run(first).token.location, Location::Keychain);
        EnrollmentRequest move = request(kOther, {});
        move.tokenStore = TokenStore::Backend::Auto;
        const EnrollmentResult result = Enrollment::run(move);
        QVERIFY2(result.ok(), qPrintable(result.error));
        QCOMPARE(result.token.outcome, TokenOutcome::CarriedOver);
        QCOMPARE(result.token.location, Location::Keychain);
        QCOMPARE(keychain.secret(kOther), kToken);
        QVERIFY(keychain.secret(kEndpoint).isEmpty());  // the old entry does not outlive its endpoint
    }

    void aTokenFromTheEnvironmentIsNeverWritten()
    {
        qputenv("TEAMAI_TOKEN", "env-token-4711");
        QCOMPARE(Enrollment::run(request(kEndpoint, {})).token.outcome, TokenOutcome::Kept);
        const EnrollmentResult moved = Enrollment::run(request(kOther, {}));
        QVERIFY2(moved.ok(), qPrintable(moved.error));
        QCOMPARE(moved.token.outcome, TokenOutcome::Kept);
        QVERIFY(!QFile::exists(TokenStore::tokenFilePath()));
        QVERIFY(configToken().isEmpty());
        QCOMPARE(AgentSettings::load().settings.tokenLocation(), Location::None);
    }

    void teamaiCliTokenIsAdopted()
    {
        env->writeFile(QStringLiteral(".teamai/token"), kToken.toUtf8() + '\n');
        QFile::setPermissions(TokenStore::tokenFilePath(), QFile::ReadOwner | QFile::WriteOwner);
        const EnrollmentResult result = Enrollment::run(request(kEndpoint, {}));
        QVERIFY2(result.ok(), qPrintable(result.error));
        QCOMPARE(result.token.outcome, TokenOutcome::Adopted);
        QCOMPARE(result.token.movedFrom, TokenStore::tokenFilePath());
        QCOMPARE(AgentSettings::load().settings.tokenLocation(), Location::File);
        QCOMPARE(TokenStore::load(kEndpoint).source, QStringLiteral("file"));
    }

    void noTokenAnywhereIsSaid()
    {
        const EnrollmentResult result = Enrollment::run(request(kEndpoint, {}));
        QVERIFY2(result.ok(), qPrintable(result.error));
        QCOMPARE(result.token.outcome, TokenOutcome::Missing);
        QCOMPARE(AgentConfig::load().config.endpoint(), kEndpoint);
    }

    void badInputChangesNothing_data() { test::loadTable(); }
    void badInputChangesNothing()
    {
        QFETCH(QString, endpoint);
        QFETCH(QString, token);
        QFETCH(QString, badProgram);
        QFETCH(bool, unknownAgent);
        QFETCH(QString, error);
        EnrollmentRequest bad = request(endpoint, token, {QStringLiteral("claude")});
        if (!badProgram.isEmpty())
            bad.teamaiProgram = badProgram;
        if (unknownAgent)
            bad.agents << nullptr;
        bad.mcp = EnrollmentMcp::Register;
        const EnrollmentResult result = Enrollment::run(bad);
        QVERIFY2(result.error.contains(error, Qt::CaseInsensitive), qPrintable(result.error));
        QCOMPARE(result.stoppedAt, EnrollmentResult::Stage::Request);
        QVERIFY(!result.ok());
        QVERIFY(result.hooks.isEmpty());
        QCOMPARE(written(), QStringList());
    }

    void anUnreadableConfigChangesNothing()
    {
        env->writeFile(QStringLiteral(".teamai/local-agent/config.json"), "{not json");
        const EnrollmentResult result = Enrollment::run(request(kEndpoint, kToken, {QStringLiteral("claude")}));
        QCOMPARE(result.stoppedAt, EnrollmentResult::Stage::Config);
        QVERIFY2(result.error.contains(QStringLiteral("nothing was changed")), qPrintable(result.error));
        QCOMPARE(env->readFile(QStringLiteral(".teamai/local-agent/config.json")), QByteArray("{not json"));
        QCOMPARE(written(), QStringList{AgentConfig::defaultPath()});
    }

    // No credential store answers and only the credential store was asked for: config.json is put
    // back as it was (here: not there at all, then an older endpoint), no hook is written.
    void aTokenThatCannotBeSavedLeavesTheConfigAsItWas()
    {
        EnrollmentRequest keychainOnly = request(kEndpoint, kToken, {QStringLiteral("claude")});
        keychainOnly.tokenStore = TokenStore::Backend::Keychain;
        EnrollmentResult result = Enrollment::run(keychainOnly);
        QCOMPARE(result.stoppedAt, EnrollmentResult::Stage::Token);
        QVERIFY2(result.error.startsWith(QStringLiteral("cannot save the token")), qPrintable(result.error));
        QCOMPARE(written(), QStringList());

        AgentConfig older;
        older.setEndpoint(kOther);
        older.setToken(QStringLiteral("older-token"));
        QVERIFY(older.save());
        const QJsonObject before = AgentConfig::load().config.toJson();
        result = Enrollment::run(keychainOnly);
        QCOMPARE(result.stoppedAt, EnrollmentResult::Stage::Token);
        QCOMPARE(AgentConfig::load().config.toJson(), before);
        QVERIFY(!QFile::exists(env->home() + QStringLiteral("/.claude/settings.json")));
    }

    void theMcpServerIsRegisteredAndRemoved()
    {
        EnrollmentRequest withMcp = request(kEndpoint, kToken, {QStringLiteral("claude")});
        withMcp.mcp = EnrollmentMcp::Register;
        EnrollmentResult result = Enrollment::run(withMcp);
        QVERIFY2(result.ok(), qPrintable(result.error));
        QCOMPARE(result.mcp.size(), 1);
        QCOMPARE(result.mcp.at(0).outcome, Outcome::Written);
        const QJsonObject servers = QJsonDocument::fromJson(env->readFile(QStringLiteral(".claude.json"))).object()
                                        .value(QStringLiteral("mcpServers")).toObject();
        QCOMPARE(servers.value(QStringLiteral("teamai")).toObject().value(QStringLiteral("command")).toString(), program);

        withMcp.mcp = EnrollmentMcp::Unregister;
        result = Enrollment::run(withMcp);
        QVERIFY2(result.ok(), qPrintable(result.error));
        QCOMPARE(result.mcp.size(), 1);
        QCOMPARE(result.mcp.at(0).outcome, Outcome::Written);
        QVERIFY(!env->readFile(QStringLiteral(".claude.json")).contains("\"teamai\""));
    }

    void anAgentWithoutAHookWriterIsSaidSo()
    {
        const ToolInfo *copilot = findTool(QStringLiteral("copilot"));
        QVERIFY(copilot && copilot->hooksSettings.isEmpty());
        const EnrollmentResult result = Enrollment::run(request(kEndpoint, kToken, {QStringLiteral("copilot")}));
        QVERIFY2(result.ok(), qPrintable(result.error));
        QCOMPARE(result.hooks.size(), 1);
        QCOMPARE(result.hooks.at(0).outcome, Outcome::Unsupported);
    }

    void agentsPresentAreThoseWithAFolder()
    {
        QVERIFY(Enrollment::agentsPresent().isEmpty());
        QDir().mkpath(env->home() + QStringLiteral("/.codex"));
        const QList<const ToolInfo *> present = Enrollment::agentsPresent();
        QCOMPARE(present.size(), 1);
        QCOMPARE(present.at(0)->name, QStringLiteral("codex"));
    }
};

QTEST_GUILESS_MAIN(TestEnrollment)
#include "tst_enrollment.moc"
