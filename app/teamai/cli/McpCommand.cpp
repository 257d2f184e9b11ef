#include "cli/McpCommand.h"

#include "Version.h"
#include "cli/CommandLine.h"
#include "cli/Console.h"
#include "cli/HookArguments.h"
#include "cli/StatusInventory.h"
#include "mcpserver/AgentTools.h"
#include "mcpserver/JsonRpcFraming.h"
#include "mcpserver/McpServer.h"
#include "tools/ToolTable.h"

#include <QJsonDocument>

#include <cerrno>

namespace teamai::cli {
namespace {

bool answer(mcpserver::McpServer &server, const QList<mcpserver::Frame> &frames)
{
    for (const mcpserver::Frame &frame : frames) {
        if (const std::optional<QJsonObject> response = server.handle(frame)) {
            if (!console::writeAllStdout(QJsonDocument(*response).toJson(QJsonDocument::Compact) + '\n'))
                return false;
        }
    }
    return true;
}

} // namespace

McpCommand::McpCommand()
    : CliCommand("mcp", "Serve the Model Context Protocol on stdin/stdout for AI agents")
{
}

int McpCommand::run(const QStringList &arguments)
{
    CommandLine line({QStringLiteral("tool")}, {});
    if (const std::optional<int> stop = parseOrStop(line, arguments))
        return *stop;
    const ToolInfo *caller = toolOption(line, findTool(HookArguments::defaultTool()));
    if (!caller)
        return kExitUsage;
    console::prepareRawStdio();
    const auto inventory = [] {
        StatusInventory collected = StatusInventory::collect();
        return mcpserver::StatusExtras{collected.json, collected.lines};
    };
    mcpserver::McpServer server(QStringLiteral("teamai"), QString::fromLatin1(kVersion), mcpserver::agentTools(caller->name, inventory));
    mcpserver::JsonRpcFraming framing;
    // Request/response over one pipe: a blocking read on the main thread is all it needs, and an
    // idle server sleeps in read() at 0 % CPU.
    char buffer[64 * 1024];
    for (;;) {
        const long long n = console::readStdin(buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        if (!answer(server, framing.feed(QByteArray::fromRawData(buffer, qsizetype(n)))))
            return kExitOk;  // the client closed its end: nothing left to serve
    }
    answer(server, framing.finish());
    return kExitOk;
}

} // namespace teamai::cli
