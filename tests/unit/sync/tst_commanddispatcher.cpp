// CommandDispatcher with counting fake handlers: the kill switch is checked once, in the
// dispatcher, by route. With remote commands off, what runs something the backend chose (a
// restricted `teamai` run, a hook rule install, an MCP server install, a model gateway) is
// refused with the gate's reason and never reaches its handler; removals and resources do. With
// remote commands on, every route reaches its handler.

#include "agenthooks/AgentHookRegistry.h"
#include "commands/Command.h"
#include "config/RemoteCommandGate.h"
#include "sync/CommandDispatcher.h"
#include "util/Redact.h"

#include "TestEnvironment.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

#include <memory>

using namespace teamai;

namespace {

/// Counts its calls and answers a success, so the test sees whether the gate let a command by.
class CountingHandler : public CommandHandler
{
public:
    int calls = 0;
    CommandResult handle(const Command &, const CommandRoute &, const CommandContext &) override
    {
        ++calls;
        return CommandResult::succeeded(QStringLiteral("handled"));
    }
};

const QString kKey = QStringLiteral("sk-dispatch-0123456789abcdef");

/// `{"models": [one model with @p key]}`, or `{"models": []}` (a removal) for an empty key.
QString modelSnapshot(const QString &key)
{
    QJsonArray models;
    if (!key.isEmpty())
        models.append(QJsonObject{{QStringLiteral("provider"), QStringLiteral("acme")}, {QStringLiteral("model_id"), QStringLiteral("a")},
                                  {QStringLiteral("name"), QStringLiteral("A")}, {QStringLiteral("base_url"), QStringLiteral("http://127.0.0.1:9")},
                                  {QStringLiteral("api_key"), key}});
    return QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("models"), models}}).toJson(QJsonDocument::Compact));
}

Command command(const QString &type, const QJsonObject &extra = {})
{
    QJsonObject object = extra;
    object.insert(QStringLiteral("id"), 7);
    object.insert(QStringLiteral("type"), type);
    return Command::fromJson(object);
}

Command modelConfig(const QString &cmd)
{
    return command(QStringLiteral("apply_model_config"), {{QStringLiteral("cmd"), cmd}});
}

} // namespace

Q_DECLARE_METATYPE(teamai::Command)

class TestCommandDispatcher : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<test::TestEnvironment> m_env;
    CountingHandler m_restricted, m_hookRules, m_mcp, m_resources, m_modelConfig;
    std::unique_ptr<CommandDispatcher> m_dispatcher;

    int callsOf(const QString &handler) const
    {
        const CountingHandler *all[] = {&m_restricted, &m_hookRules, &m_mcp, &m_resources, &m_modelConfig};
        const char *names[] = {"restricted", "hookRules", "mcp", "resources", "modelConfig"};
        for (int i = 0; i < 5; ++i)
            if (handler == QLatin1String(names[i]))
                return all[i]->calls;
        return -1;
    }
    int totalCalls() const
    {
        return m_restricted.calls + m_hookRules.calls + m_mcp.calls + m_resources.calls + m_modelConfig.calls;
    }

    /// Every route, whether the kill switch refuses it, and the handler it otherwise reaches.
    static void routesTable()
    {
        QTest::addColumn<Command>("cmd");
        QTest::addColumn<bool>("gated");
        QTest::addColumn<QString>("handler");
        const QJsonObject teamaiRun{{QStringLiteral("cmd"), QStringLiteral("teamai --version")}};
        QTest::newRow("uninstall_teamai") << command(QStringLiteral("uninstall_teamai"), teamaiRun) << true << "restricted";
        QTest::newRow("cmd") << command(QStringLiteral("cmd"), teamaiRun) << true << "restricted";
        QTest::newRow("install_hook_rule") << command(QStringLiteral("install_hook_rule")) << true << "hookRules";
        QTest::newRow("uninstall_hook_rule") << command(QStringLiteral("uninstall_hook_rule")) << false << "hookRules";
        QTest::newRow("install_mcp") << command(QStringLiteral("install_mcp")) << true << "mcp";
        QTest::newRow("uninstall_mcp") << command(QStringLiteral("uninstall_mcp")) << false << "mcp";
        QTest::newRow("model config") << modelConfig(modelSnapshot(kKey)) << true << "modelConfig";
        QTest::newRow("model config, malformed") << modelConfig(QStringLiteral("{models")) << true << "modelConfig";
        QTest::newRow("model config, empty snapshot") << modelConfig(modelSnapshot({})) << false << "modelConfig";
        QTest::newRow("install_skill") << command(QStringLiteral("install_skill")) << false << "resources";
        QTest::newRow("uninstall_skill") << command(QStringLiteral("uninstall_skill")) << false << "resources";
        QTest::newRow("install_rule") << command(QStringLiteral("install_rule")) << false << "resources";
        QTest::newRow("install_claudemd") << command(QStringLiteral("install_claudemd")) << false << "resources";
    }

private slots:
    void init()
    {
        m_env = std::make_unique<test::TestEnvironment>();
        qputenv("TEAMAI_POLICY_FILE", QFile::encodeName(m_env->home() + QStringLiteral("/no-policy.json")));
        for (CountingHandler *handler : {&m_restricted, &m_hookRules, &m_mcp, &m_resources, &m_modelConfig})
            handler->calls = 0;
        m_dispatcher = std::make_unique<CommandDispatcher>(
            CommandDispatcher::Handlers{&m_restricted, &m_hookRules, &m_mcp, &m_resources, &m_modelConfig});
    }
    void cleanup()
    {
        qunsetenv("TEAMAI_POLICY_FILE");
        qunsetenv("TEAMAI_DISABLE_REMOTE_CMD");
        m_dispatcher.reset();
        m_env.reset();
    }

    void offRefusesGatedRoutesWithTheReason_data() { routesTable(); }
    void offRefusesGatedRoutesWithTheReason()
    {
        QFETCH(Command, cmd);
        QFETCH(bool, gated);
        QFETCH(QString, handler);
        QCOMPARE(RemoteCommandGate::setUserEnabled(false, QStringLiteral("test")).error(), QString());
        QCOMPARE(CommandDispatcher::needsRemoteCommandGate(routeCommand(cmd), cmd), gated);

        const CommandResult result = m_dispatcher->dispatch(cmd, {});
        if (gated) {
            QCOMPARE(result.outcome, CommandResult::Outcome::Rejected);
            QCOMPARE(result.error, QStringLiteral("remote cmd disabled by client"));
            QCOMPARE(result.reason, QStringLiteral("user"));
            QVERIFY2(result.detail.startsWith(QStringLiteral("refused: disabled by the user (test)")), qPrintable(result.detail));
            QCOMPARE(totalCalls(), 0);
        } else {
            QCOMPARE(result.outcome, CommandResult::Outcome::Succeeded);
            QCOMPARE(callsOf(handler), 1);
            QCOMPARE(totalCalls(), 1);
        }
    }

    void environmentRefusalNamesTheEnvironment_data() { routesTable(); }
    void environmentRefusalNamesTheEnvironment()
    {
        QFETCH(Command, cmd);
        QFETCH(bool, gated);
        QFETCH(QString, handler);
        qputenv("TEAMAI_DISABLE_REMOTE_CMD", "1");
        const CommandResult result = m_dispatcher->dispatch(cmd, {});
        QCOMPARE(result.outcome, gated ? CommandResult::Outcome::Rejected : CommandResult::Outcome::Succeeded);
        QCOMPARE(result.reason, gated ? QStringLiteral("env") : QString());
        if (gated)
            QCOMPARE(result.detail, QStringLiteral("refused: disabled by TEAMAI_DISABLE_REMOTE_CMD=1"));
        QCOMPARE(callsOf(handler), gated ? 0 : 1);
    }

    void onEveryRouteReachesItsHandler_data() { routesTable(); }
    void onEveryRouteReachesItsHandler()
    {
        QFETCH(Command, cmd);
        QFETCH(QString, handler);
        QVERIFY(RemoteCommandGate::evaluate().allowed);
        const CommandResult result = m_dispatcher->dispatch(cmd, {});
        QCOMPARE(result.outcome, CommandResult::Outcome::Succeeded);
        QCOMPARE(result.reason, QString());
        QCOMPARE(callsOf(handler), 1);
        QCOMPARE(totalCalls(), 1);
    }

    // The API keys of a refused model configuration are still masked in every later log line.
    void refusedModelConfigKeysAreRedacted()
    {
        const QString key = QStringLiteral("sk-refused-only-here-0123456789");
        QVERIFY(redactSecrets(QStringLiteral("the gateway answered ") + key).contains(key));
        qputenv("TEAMAI_DISABLE_REMOTE_CMD", "1");
        QCOMPARE(m_dispatcher->dispatch(modelConfig(modelSnapshot(key)), {}).outcome, CommandResult::Outcome::Rejected);
        QCOMPARE(totalCalls(), 0);
        QVERIFY(!redactSecrets(QStringLiteral("the gateway answered ") + key).contains(key));
    }

    // The order is unchanged: no id, hook-typed, unsupported and a damaged record come before the gate.
    void casesWithoutAHandlerComeBeforeTheGate()
    {
        qputenv("TEAMAI_DISABLE_REMOTE_CMD", "1");
        Command noId = command(QStringLiteral("cmd"));
        noId.id.reset();
        QCOMPARE(m_dispatcher->dispatch(noId, {}).outcome, CommandResult::Outcome::Skipped);
        const Command hookTyped = command(QStringLiteral("apply_model_config"), {{QStringLiteral("handle_type"), QStringLiteral("hook")}});
        QCOMPARE(m_dispatcher->dispatch(hookTyped, {}).outcome, CommandResult::Outcome::Skipped);
        const CommandResult unsupported = m_dispatcher->dispatch(command(QStringLiteral("reboot")), {});
        QCOMPARE(unsupported.error, QStringLiteral("Unsupported command type: reboot"));

        QFile registry(agenthooks::AgentHookRegistry::defaultPath());
        QVERIFY(QDir().mkpath(QFileInfo(registry).absolutePath()));
        QVERIFY(registry.open(QIODevice::WriteOnly));
        registry.write("not json");
        registry.close();
        const CommandResult broken = m_dispatcher->dispatch(command(QStringLiteral("install_hook_rule")), {});
        QCOMPARE(broken.outcome, CommandResult::Outcome::Failed);
        QVERIFY2(broken.error.contains(QStringLiteral("is damaged")), qPrintable(broken.error));
        QCOMPARE(totalCalls(), 0);
    }

    void aMissingHandlerIsUnsupportedEvenWhenGated()
    {
        qputenv("TEAMAI_DISABLE_REMOTE_CMD", "1");
        CommandDispatcher withoutMcp(CommandDispatcher::Handlers{&m_restricted, &m_hookRules, nullptr, &m_resources, &m_modelConfig});
        const CommandResult result = withoutMcp.dispatch(command(QStringLiteral("install_mcp")), {});
        QCOMPARE(result.outcome, CommandResult::Outcome::Failed);
        QCOMPARE(result.error, QStringLiteral("Unsupported command type: install_mcp"));
    }
};

QTEST_GUILESS_MAIN(TestCommandDispatcher)
#include "tst_commanddispatcher.moc"
