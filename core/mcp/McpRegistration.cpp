#include "mcp/McpRegistration.h"

#include "mcp/McpConfigFile.h"
#include "mcp/McpTarget.h"
#include "mcp/SafeFile.h"
#include "resources/InstallLock.h"
#include "resources/ResourceScope.h"
#include "tools/ToolTable.h"
#include "util/Paths.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <memory>
#include <optional>

namespace teamai::mcp::registration {
namespace {

const QString kName = QString::fromLatin1(kServerName);

struct Record {
    QString file;
    QString hash;
    QString command;
    QStringList args;
};

/// `teamai mcp --tool <tool>`: the server knows which agent it serves (isolation, docs/mcp.md).
QStringList argsFor(const ToolInfo &tool)
{
    return QStringList{QStringLiteral("mcp"), QStringLiteral("--tool"), tool.name};
}

McpServer serverFor(const QString &teamai, const QStringList &args)
{
    McpServer server;
    server.name = kName;
    server.transport = Transport::Stdio;
    server.command = teamai;
    server.args = args;
    return server;
}

Outcome failure(const QString &error)
{
    Outcome outcome;
    outcome.error = error;
    return outcome;
}

/// The whole record; fails when it exists but cannot be read.
Result<QJsonObject> loadAll()
{
    const safefile::Read read = safefile::readInside(paths::agentStateDir(), recordPath());
    if (!read.ok)
        return Error{read.error};
    if (!read.exists)
        return QJsonObject();
    const QJsonDocument doc = QJsonDocument::fromJson(read.bytes);
    if (!doc.isObject())
        return Error{QStringLiteral("%1 is damaged (restore or delete it)").arg(recordPath())};
    return doc.object();
}

/// Atomic, owner-only; an empty record removes the file.
Status saveAll(const QJsonObject &all)
{
    if (all.isEmpty()) {
        if (QFile::exists(recordPath()) && !QFile::remove(recordPath()))
            return Error{QStringLiteral("cannot remove %1").arg(recordPath())};
        return {};
    }
    if (const Status folder = paths::ensurePrivateDir(paths::agentStateDir()); !folder)
        return folder;
    if (const Status written = safefile::writeInside(paths::agentStateDir(), recordPath(), QJsonDocument(all).toJson()); !written)
        return written;
    paths::restrictMode(recordPath(), QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    return {};
}

std::optional<Record> recordOf(const QJsonObject &all, const ToolInfo &tool)
{
    const QJsonObject entry = all.value(tool.name).toObject();
    if (entry.isEmpty())
        return std::nullopt;
    // Records written before `--tool` have no args: those registrations were `teamai mcp`.
    const QJsonValue args = entry.value(QStringLiteral("args"));
    QStringList recordedArgs{QStringLiteral("mcp")};
    if (args.isArray()) {
        recordedArgs.clear();
        for (const QJsonValue &arg : args.toArray())
            recordedArgs << arg.toString();
    }
    return Record{entry.value(QStringLiteral("file")).toString(), entry.value(QStringLiteral("hash")).toString(),
                  entry.value(QStringLiteral("command")).toString(), recordedArgs};
}

Result<std::unique_ptr<McpConfigFile>> openConfig(const McpTarget &target, const safefile::Read &read)
{
    Result<std::unique_ptr<McpConfigFile>> file = McpConfigFile::open(target.format, target.allowBare, read.bytes, read.exists);
    if (!file)
        return Error{QStringLiteral("cannot parse %1 (%2)").arg(target.file, file.error())};
    return file;
}

/// @p target's file as read inside its base (the bytes stillOurs() compares), and parsed.
struct ReadConfig {
    safefile::Read read;
    std::unique_ptr<McpConfigFile> file;
};

Result<ReadConfig> readConfig(const McpTarget &target)
{
    safefile::Read read = safefile::readInside(target.writeBase, target.file);
    if (!read.ok)
        return Error{read.error};
    Result<std::unique_ptr<McpConfigFile>> opened = openConfig(target, read);
    if (!opened)
        return Error{opened.error()};
    return ReadConfig{std::move(read), std::move(*opened)};
}

/// @p bytes without blank lines: re-splicing a Codex block may change the blank lines after it.
QList<QByteArray> contentLines(const QByteArray &bytes)
{
    QList<QByteArray> lines = bytes.split('\n');
    lines.removeIf([](const QByteArray &line) { return line.trimmed().isEmpty(); });
    return lines;
}

/// Ours: recorded for this file, and writing the recorded entry again would change nothing in it.
bool stillOurs(const McpTarget &target, const safefile::Read &read, const std::optional<Record> &record)
{
    if (!record || record->file != target.file || record->command.isEmpty())
        return false;
    const Result<std::unique_ptr<McpConfigFile>> probe = openConfig(target, read);
    const Result<std::unique_ptr<McpConfigFile>> plain = openConfig(target, read);
    if (!probe || !plain || !(*plain)->defines(kName))
        return false;
    const Result<QString> hash = (*probe)->put(serverFor(record->command, record->args));
    if (!hash)
        return false;
    return *hash == record->hash && contentLines((*probe)->bytes()) == contentLines((*plain)->bytes());
}

Result<McpTarget> userTarget(const ToolInfo &tool)
{
    const McpTarget target = McpTarget::resolve(tool, resources::ResourceScope::fromKey(QStringLiteral("user")), QStringLiteral("init"));
    if (!target.ok)
        return Error{target.error};
    return target;
}

} // namespace

QString recordPath() { return paths::agentStateDir() + QStringLiteral("/mcp-registration.json"); }

Outcome registerServer(const ToolInfo &tool, const QString &teamai)
{
    resources::InstallLock lock;
    if (const Status locked = lock.acquire(); !locked)
        return failure(locked.error());
    const Result<McpTarget> target = userTarget(tool);
    if (!target)
        return failure(target.error());
    Result<QJsonObject> all = loadAll();
    if (!all)
        return failure(all.error());
    const Result<ReadConfig> opened = readConfig(*target);
    if (!opened)
        return failure(opened.error());
    McpConfigFile &file = *opened->file;
    const bool ours = stillOurs(*target, opened->read, recordOf(*all, tool));
    if (file.defines(kName) && !ours) {
        Outcome outcome;
        outcome.ok = outcome.userOwned = true;
        outcome.detail = QStringLiteral("%1 already has an MCP server named teamai that is not TeamAI's registration; left as it is").arg(target->file);
        return outcome;
    }
    const QStringList args = argsFor(tool);
    const Result<QString> hash = file.put(serverFor(teamai, args));
    if (!hash)
        return failure(QStringLiteral("cannot add the teamai MCP server to %1: %2").arg(target->file, hash.error()));
    // Recorded first: an entry without its record would count as the user's for ever.
    const QJsonObject before = *all;
    all->insert(tool.name, QJsonObject{{QStringLiteral("file"), target->file}, {QStringLiteral("hash"), *hash},
                                       {QStringLiteral("command"), teamai}, {QStringLiteral("args"), QJsonArray::fromStringList(args)}});
    if (const Status saved = saveAll(*all); !saved)
        return failure(saved.error());
    if (const Status written = safefile::writeInside(target->writeBase, target->file, file.bytes()); !written) {
        // The entry did not go in: neither does its record. Best effort: the error reported is
        // the write's, and a record of an entry that is not there is dropped by the next unregister.
        (void)saveAll(before);
        return failure(written.error());
    }
    Outcome outcome;
    outcome.ok = true;
    outcome.detail = QStringLiteral("%1 the teamai MCP server in %2").arg(ours ? QStringLiteral("Replaced") : QStringLiteral("Registered"), target->file);
    return outcome;
}

QString recordedFile(const ToolInfo &tool)
{
    const Result<QJsonObject> all = loadAll();
    const std::optional<Record> record = all ? recordOf(*all, tool) : std::nullopt;
    return record ? record->file : QString();
}

Outcome unregisterServer(const ToolInfo &tool)
{
    resources::InstallLock lock;
    if (const Status locked = lock.acquire(); !locked)
        return failure(locked.error());
    Result<QJsonObject> all = loadAll();
    if (!all)
        return failure(all.error());
    const std::optional<Record> record = recordOf(*all, tool);
    Outcome outcome;
    outcome.ok = true;
    if (!record)
        return outcome;
    const Result<McpTarget> target = userTarget(tool);
    if (target && target->file == record->file) {
        const Result<ReadConfig> opened = readConfig(*target);
        if (!opened)
            return failure(opened.error());
        McpConfigFile &file = *opened->file;
        if (stillOurs(*target, opened->read, record)) {
            file.remove(kName);
            if (const Status written = safefile::writeInside(target->writeBase, target->file, file.bytes()); !written)
                return failure(written.error());
            outcome.detail = QStringLiteral("Removed the teamai MCP server from %1").arg(target->file);
        } else if (file.defines(kName)) {
            outcome.userOwned = true;
            outcome.detail = QStringLiteral("The teamai MCP server in %1 changed since init registered it; left as it is").arg(target->file);
        }
    }
    all->remove(tool.name);
    if (const Status saved = saveAll(*all); !saved)
        return failure(saved.error());
    if (outcome.detail.isEmpty())
        outcome.detail = QStringLiteral("The teamai MCP server was already gone from %1; record removed").arg(record->file);
    return outcome;
}

} // namespace teamai::mcp::registration
