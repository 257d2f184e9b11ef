#include "mcpserver/CommandOutputTool.h"

#include "mcpserver/AgentScope.h"
#include "mcpserver/CommandLookup.h"
#include "mcpserver/McpArguments.h"
#include "output/CommandOutput.h"
#include "store/LedgerDatabase.h"
#include "tools/ToolTable.h"

namespace teamai::mcpserver {
namespace {

constexpr qint64 kDefaultMaxBytes = 65536;
constexpr qint64 kMaxMaxBytes = 1048576;
constexpr qint64 kMaxId = 9007199254740991;

QJsonValue nullable(const QString &text)
{
    return text.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(text);
}

QJsonObject deltaJson(const output::OutputKey &key, const output::OutputDelta &delta)
{
    const output::RunState &state = delta.state;
    return QJsonObject{
        {QStringLiteral("id"), key.commandId},
        {QStringLiteral("agent"), key.tool},
        {QStringLiteral("stdout"), QString::fromUtf8(delta.out)},
        {QStringLiteral("stderr"), QString::fromUtf8(delta.err)},
        {QStringLiteral("cursor"), delta.next.encode()},
        {QStringLiteral("lossy"), delta.lossyOut || delta.lossyErr},
        {QStringLiteral("lossyStdout"), delta.lossyOut},
        {QStringLiteral("lossyStderr"), delta.lossyErr},
        {QStringLiteral("running"), state.running},
        {QStringLiteral("finished"), state.finished},
        {QStringLiteral("complete"), delta.complete},
        {QStringLiteral("exitCode"), state.exitCode ? QJsonValue(*state.exitCode) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("spillStdout"), nullable(state.spillOut)},
        {QStringLiteral("spillStderr"), nullable(state.spillErr)},
    };
}

QString deltaText(const output::OutputKey &key, const output::OutputDelta &delta)
{
    const output::RunState &state = delta.state;
    QString status = state.finished ? QStringLiteral("finished") : state.running ? QStringLiteral("running") : QStringLiteral("not running");
    if (state.finished && state.exitCode)
        status += QStringLiteral(", exit %1").arg(*state.exitCode);
    QStringList lines{QStringLiteral("Command #%1 (%2): %3").arg(key.commandId).arg(key.tool, status)};
    if (delta.lossyOut || delta.lossyErr)
        lines << QStringLiteral("Some output was dropped before it was read (lossy: %1).")
                     .arg(delta.lossyOut && delta.lossyErr ? QStringLiteral("stdout and stderr")
                                                          : delta.lossyOut ? QStringLiteral("stdout") : QStringLiteral("stderr"));
    if (!delta.out.isEmpty())
        lines << QStringLiteral("--- stdout ---") << QString::fromUtf8(delta.out);
    if (!delta.err.isEmpty())
        lines << QStringLiteral("--- stderr ---") << QString::fromUtf8(delta.err);
    if (delta.out.isEmpty() && delta.err.isEmpty())
        lines << QStringLiteral("No new output.");
    for (const auto &[name, path] : {std::pair{QStringLiteral("stdout"), state.spillOut}, std::pair{QStringLiteral("stderr"), state.spillErr}}) {
        if (!path.isEmpty())
            lines << QStringLiteral("The whole %1 is kept in %2").arg(name, path);
    }
    lines << (delta.complete ? QStringLiteral("That is all of it (cursor %1).").arg(delta.next.encode())
                             : QStringLiteral("Next cursor: %1").arg(delta.next.encode()));
    return lines.join(u'\n');
}

ToolResult runOutput(const QString &caller, const QJsonObject &arguments)
{
    const Result<AgentScope> scope = AgentScope::resolve(caller, arguments);
    if (!scope)
        return ToolResult::failure(scope.error());
    output::Cursor from;
    if (arguments.contains(QStringLiteral("cursor"))) {
        const std::optional<output::Cursor> decoded = output::Cursor::decode(arguments.value(QStringLiteral("cursor")).toString());
        if (!decoded)
            return ToolResult::failure(QStringLiteral("argument `cursor` is not a cursor this tool returned; leave it out to read from the start"));
        from = *decoded;
    }
    const qint64 id = arguments.value(QStringLiteral("id")).toInteger();
    LedgerDatabase database;
    const CommandLookup found = CommandLookup::find(database, *scope, id);
    if (!found.row)
        return ToolResult::failure(found.error);
    if (!findTool(found.row->agentType))
        return ToolResult::failure(QStringLiteral("command %1 has no output here").arg(id));
    const output::OutputKey key{found.row->agentType, id};
    const output::OutputDelta delta = output::read(key, from, arguments.value(QStringLiteral("maxBytes")).toInteger(kDefaultMaxBytes), true);
    if (!delta.state.exists)
        return ToolResult::failure(QStringLiteral("command %1 has no output here: it did not run as a background task on this "
                                                  "machine (only cmd commands do), or its output was pruned (the newest %2 runs "
                                                  "per agent are kept)").arg(id).arg(output::OutputWriter::kKeepRunsPerTool));
    return ToolResult::success(deltaJson(key, delta), deltaText(key, delta));
}

QJsonObject outputSchema()
{
    return schema::result({
        {QStringLiteral("id"), schema::typed("integer")},
        {QStringLiteral("agent"), schema::typed("string")},
        {QStringLiteral("stdout"), schema::typed("string")},
        {QStringLiteral("stderr"), schema::typed("string")},
        {QStringLiteral("cursor"), schema::typed("string")},
        {QStringLiteral("lossy"), schema::typed("boolean")},
        {QStringLiteral("lossyStdout"), schema::typed("boolean")},
        {QStringLiteral("lossyStderr"), schema::typed("boolean")},
        {QStringLiteral("running"), schema::typed("boolean")},
        {QStringLiteral("finished"), schema::typed("boolean")},
        {QStringLiteral("complete"), schema::typed("boolean")},
        {QStringLiteral("exitCode"), schema::typedOrNull("integer")},
        {QStringLiteral("spillStdout"), schema::typedOrNull("string")},
        {QStringLiteral("spillStderr"), schema::typedOrNull("string")},
    });
}

} // namespace

McpTool commandOutputTool(const QString &caller)
{
    const QJsonObject properties{
        {QStringLiteral("id"), schema::integer(QStringLiteral("The command's id, as teamai_commands lists it."), 1, kMaxId)},
        {QStringLiteral("agent"), schema::string(agentArgumentDescription(), 100)},
        {QStringLiteral("cursor"), schema::string(QStringLiteral("Where to read on: the `cursor` a previous call returned (opaque). "
                                                                 "Leave it out to read from the start."), 64)},
        {QStringLiteral("maxBytes"), schema::integer(QStringLiteral("At most this many bytes of each stream (default 65536)."), 1, kMaxMaxBytes)},
    };
    return McpTool{
        QStringLiteral("teamai_command_output"),
        QStringLiteral("Output of a TeamAI command"),
        QStringLiteral("The stdout and stderr of a command the backend pushed, running or finished, from a cursor: "
                       "the new output (secrets masked), the next cursor to pass back, whether it is still running, "
                       "its exit code when finished, `lossy: true` when output was dropped before it was read (then "
                       "spillStdout/spillStderr name files with the whole stream, when kept). Call again with the "
                       "cursor until `complete` to follow a running command."),
        schema::object(properties, {QStringLiteral("id")}),
        [caller](const QJsonObject &arguments) { return runOutput(caller, arguments); },
        outputSchema(),
    };
}

} // namespace teamai::mcpserver
