// `teamai mcp`'s input: arbitrary bytes, split into reads at fuzzer-chosen points, through the
// JSON-RPC line framing and the MCP dispatcher (with one tool, so argument checks run too).
// Invariants: no crash or UB; every answer is a JSON-RPC 2.0 response object with exactly one of
// result/error; the framing never holds more than its limit of a pending line.

#include "mcpserver/JsonRpcFraming.h"
#include "mcpserver/McpArguments.h"
#include "mcpserver/McpServer.h"

#include <QJsonObject>

#include <cstdlib>

using namespace teamai::mcpserver;

namespace {

McpServer &server()
{
    static McpServer instance(QStringLiteral("fuzz"), QStringLiteral("0"), {McpTool{
        QStringLiteral("probe"), {}, QStringLiteral("checks its arguments"),
        schema::object({{QStringLiteral("id"), schema::integer(QStringLiteral("id"), 1, 1000)},
                        {QStringLiteral("name"), schema::string(QStringLiteral("name"), 20)},
                        {QStringLiteral("state"), schema::stringEnum(QStringLiteral("state"), {QStringLiteral("a"), QStringLiteral("b")})}},
                       {QStringLiteral("id")}),
        [](const QJsonObject &arguments) { return ToolResult::success(arguments, QStringLiteral("ok")); }, {}}});
    return instance;
}

void check(const std::optional<QJsonObject> &response)
{
    if (!response)
        return;
    if (response->value(QStringLiteral("jsonrpc")).toString() != QLatin1String("2.0"))
        std::abort();
    if (response->contains(QStringLiteral("result")) == response->contains(QStringLiteral("error")))
        std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    // The first byte picks the read size, so splits land everywhere; a small limit so that
    // oversized lines and resynchronisation are reached too.
    const size_t chunk = 1 + data[0] % 64;
    JsonRpcFraming framing(256);
    const QByteArray bytes(reinterpret_cast<const char *>(data) + 1, qsizetype(size - 1));
    for (qsizetype at = 0; at < bytes.size(); at += qsizetype(chunk)) {
        for (const Frame &frame : framing.feed(bytes.mid(at, qsizetype(chunk))))
            check(server().handle(frame));
    }
    for (const Frame &frame : framing.finish())
        check(server().handle(frame));
    return 0;
}
