#include "commands/Command.h"

#include <QJsonDocument>
#include <QtTest>

using namespace teamai;
using Handler = CommandRoute::Handler;

Q_DECLARE_METATYPE(CommandRoute::Handler)
Q_DECLARE_METATYPE(teamai::ResourceKind)
Q_DECLARE_METATYPE(teamai::ResourceAction)

class TestCommandRoute : public QObject
{
    Q_OBJECT
private slots:
    void routes_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<Handler>("handler");
        QTest::addColumn<ResourceKind>("kind");
        QTest::addColumn<ResourceAction>("action");
        const auto S = ResourceKind::Skill, R = ResourceKind::Rule, C = ResourceKind::ClaudeMd;
        const auto U = ResourceAction::Uninstall;
        // Kind and action are Skill and Install unless a row says otherwise.
        const auto row = [](const char *name, const char *json, Handler handler, ResourceKind kind = ResourceKind::Skill,
                            ResourceAction action = ResourceAction::Install) {
            QTest::newRow(name) << QByteArray(json) << handler << kind << action;
        };
        row("uninstall_teamai", R"({"id":1,"type":"uninstall_teamai"})", Handler::RestrictedCmd);
        row("cmd alias", R"({"id":1,"type":"cmd"})", Handler::RestrictedCmd);
        row("hook rule", R"({"id":1,"type":"install_hook_rule","handle_type":"hook"})", Handler::HookRule);
        row("install_mcp", R"({"id":1,"type":"install_mcp","handle_type":"hook"})", Handler::Mcp);
        row("uninstall_mcp", R"({"id":1,"type":"uninstall_mcp"})", Handler::Mcp, S, U);
        row("model config", R"({"id":1,"type":"apply_model_config"})", Handler::ModelConfig);
        row("model config, hook-typed", R"({"id":1,"type":"apply_model_config","handle_type":"hook"})", Handler::SkipHook);
        row("other hook", R"({"id":1,"type":"install_skill","handle_type":"hook"})", Handler::SkipHook);
        row("empty type", R"({"id":1})", Handler::Resource);
        row("install_skill", R"({"id":1,"type":"install_skill"})", Handler::Resource);
        row("uninstall_skill", R"({"id":1,"type":"uninstall_skill"})", Handler::Resource, S, U);
        row("install_rule", R"({"id":1,"type":"install_rule"})", Handler::Resource, R);
        row("handle_type rule", R"({"id":1,"type":"install_skill","handle_type":"rule"})", Handler::Resource, R);
        row("claudemd", R"({"id":1,"type":"install_claudemd"})", Handler::Resource, C);
        row("claude_md", R"({"id":1,"type":"uninstall_claude_md"})", Handler::Resource, C, U);
        row("prompt rule_type", R"({"id":1,"type":"install_rule","rule_type":"prompt"})", Handler::Resource, C);
        row("prompt handle_type", R"({"id":1,"type":"uninstall_rule","handle_type":"prompt"})", Handler::Resource, C, U);
        row("unknown verb", R"({"id":1,"type":"update_skill"})", Handler::Unsupported);
        row("unknown noun", R"({"id":1,"type":"install_plugin"})", Handler::Unsupported);
        row("reboot", R"({"id":1,"type":"reboot_machine"})", Handler::Unsupported);
    }
    void routes()
    {
        QFETCH(QByteArray, json);
        QFETCH(Handler, handler);
        QFETCH(ResourceKind, kind);
        QFETCH(ResourceAction, action);
        const CommandRoute route = routeCommand(Command::fromJson(QJsonDocument::fromJson(json).object()));
        QCOMPARE(route.handler, handler);
        if (handler == Handler::Resource)
            QCOMPARE(route.kind, kind);
        if (handler == Handler::Resource || handler == Handler::Mcp)
            QCOMPARE(route.action, action);
    }

    void integerIds_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<bool>("hasId");
        QTest::addColumn<qint64>("id");
        QTest::newRow("int") << QByteArray(R"({"id":42})") << true << qint64(42);
        QTest::newRow("big") << QByteArray(R"({"id":9007199254740991})") << true << qint64(9007199254740991);
        QTest::newRow("fraction") << QByteArray(R"({"id":4.5})") << false << qint64(0);
        QTest::newRow("string") << QByteArray(R"({"id":"42"})") << false << qint64(0);
        QTest::newRow("missing") << QByteArray(R"({"type":"x"})") << false << qint64(0);
        QTest::newRow("null") << QByteArray(R"({"id":null})") << false << qint64(0);
    }
    void integerIds()
    {
        QFETCH(QByteArray, json);
        QFETCH(bool, hasId);
        QFETCH(qint64, id);
        const Command command = Command::fromJson(QJsonDocument::fromJson(json).object());
        QCOMPARE(command.id.has_value(), hasId);
        if (hasId)
            QCOMPARE(*command.id, id);
    }
};

QTEST_GUILESS_MAIN(TestCommandRoute)
#include "tst_commandroute.moc"
