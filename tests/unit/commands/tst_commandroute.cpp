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
        const auto I = ResourceAction::Install, U = ResourceAction::Uninstall;
        QTest::newRow("uninstall_teamai") << QByteArray(R"({"id":1,"type":"uninstall_teamai"})") << Handler::RestrictedCmd << S << I;
        QTest::newRow("cmd alias") << QByteArray(R"({"id":1,"type":"cmd"})") << Handler::RestrictedCmd << S << I;
        QTest::newRow("hook rule") << QByteArray(R"({"id":1,"type":"install_hook_rule","handle_type":"hook"})") << Handler::HookRule << S << I;
        QTest::newRow("install_mcp") << QByteArray(R"({"id":1,"type":"install_mcp","handle_type":"hook"})") << Handler::Mcp << S << I;
        QTest::newRow("uninstall_mcp") << QByteArray(R"({"id":1,"type":"uninstall_mcp"})") << Handler::Mcp << S << U;
        QTest::newRow("model config") << QByteArray(R"({"id":1,"type":"apply_model_config"})") << Handler::ModelConfig << S << I;
        QTest::newRow("model config, hook-typed") << QByteArray(R"({"id":1,"type":"apply_model_config","handle_type":"hook"})") << Handler::SkipHook << S << I;
        QTest::newRow("other hook") << QByteArray(R"({"id":1,"type":"install_skill","handle_type":"hook"})") << Handler::SkipHook << S << I;
        QTest::newRow("empty type") << QByteArray(R"({"id":1})") << Handler::Resource << S << I;
        QTest::newRow("install_skill") << QByteArray(R"({"id":1,"type":"install_skill"})") << Handler::Resource << S << I;
        QTest::newRow("uninstall_skill") << QByteArray(R"({"id":1,"type":"uninstall_skill"})") << Handler::Resource << S << U;
        QTest::newRow("install_rule") << QByteArray(R"({"id":1,"type":"install_rule"})") << Handler::Resource << R << I;
        QTest::newRow("handle_type rule") << QByteArray(R"({"id":1,"type":"install_skill","handle_type":"rule"})") << Handler::Resource << R << I;
        QTest::newRow("claudemd") << QByteArray(R"({"id":1,"type":"install_claudemd"})") << Handler::Resource << C << I;
        QTest::newRow("claude_md") << QByteArray(R"({"id":1,"type":"uninstall_claude_md"})") << Handler::Resource << C << U;
        QTest::newRow("prompt rule_type") << QByteArray(R"({"id":1,"type":"install_rule","rule_type":"prompt"})") << Handler::Resource << C << I;
        QTest::newRow("prompt handle_type") << QByteArray(R"({"id":1,"type":"uninstall_rule","handle_type":"prompt"})") << Handler::Resource << C << U;
        QTest::newRow("unknown verb") << QByteArray(R"({"id":1,"type":"update_skill"})") << Handler::Unsupported << S << I;
        QTest::newRow("unknown noun") << QByteArray(R"({"id":1,"type":"install_plugin"})") << Handler::Unsupported << S << I;
        QTest::newRow("reboot") << QByteArray(R"({"id":1,"type":"reboot_machine"})") << Handler::Unsupported << S << I;
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
