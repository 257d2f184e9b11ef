#include "mcpserver/KillSwitchTool.h"

#include "agenthooks/HookRuleGate.h"
#include "mcpserver/McpArguments.h"
#include "mcpserver/StatusTool.h"

#include <QJsonArray>

namespace teamai::mcpserver {
namespace {

ToolResult runDisable(const QJsonObject &)
{
    const Result<agenthooks::hookrules::GateFollowed> set =
        agenthooks::hookrules::setRemoteCommandsEnabled(false, QString::fromLatin1(kMcpChangedBy));
    const agenthooks::hookrules::GateFollowed followed = set.valueOr({});
    const QString error = set.error();
    QJsonObject remote = remoteCommandsJson();
    // Refused (a policy locks the switch) is a failure only when commands are still allowed.
    if (!error.isEmpty() && remote.value(QStringLiteral("allowed")).toBool())
        return ToolResult::failure(QStringLiteral("remote commands were not disabled: %1").arg(error));
    const QJsonObject structured{
        {QStringLiteral("remote_commands"), remote},
        {QStringLiteral("hook_rules_withdrawn"), followed.withdrawn},
        {QStringLiteral("problems"), QJsonArray::fromStringList(error.isEmpty() ? followed.errors : followed.errors + QStringList{error})},
    };
    QString text = QStringLiteral("Remote commands: %1").arg(remote.value(QStringLiteral("status_line")).toString());
    if (followed.withdrawn > 0)
        text += QStringLiteral("\n%1 hook rule(s) withdrawn from the agents' settings.").arg(followed.withdrawn);
    for (const QString &problem : followed.errors)
        text += QStringLiteral("\nProblem: %1").arg(problem);
    return ToolResult::success(structured, text);
}

} // namespace

McpTool disableRemoteCommandsTool()
{
    return McpTool{
        QStringLiteral("teamai_disable_remote_commands"),
        QStringLiteral("Turn TeamAI remote commands off"),
        QStringLiteral("Turns the kill switch on: from now on this machine refuses commands the TeamAI backend pushes "
                       "that run something (cmd, uninstall_teamai, hook rules, MCP server installs), and hook rules it "
                       "installed are withdrawn. Recorded as set by \"agent (teamai mcp)\". Only a person can turn remote "
                       "commands back on (tray or `teamai remote-cmd enable`); no tool does."),
        schema::object({}),
        runDisable,
        schema::result({{QStringLiteral("remote_commands"), remoteCommandsSchema()},
                        {QStringLiteral("hook_rules_withdrawn"), schema::typed("integer")},
                        {QStringLiteral("problems"), schema::arrayOf(schema::typed("string"))}}),
    };
}

} // namespace teamai::mcpserver
