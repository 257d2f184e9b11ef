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

/// The whole record; nullopt with @p error when it exists but cannot be read.
std::optional<QJsonObject> loadAll(QString *error)
{
    const safefile::Read read = safefile::readInside(paths::agentStateDir(), recordPath());
    if (!read.ok) {
        *error = read.error;
        return std::nullopt;
    }
    if (!read.exists)
        return QJsonObject();
    const QJsonDocument doc = QJsonDocument::fromJson(read.bytes);
    if (!doc.isObject()) {
        *error = QStringLiteral("%1 is damaged (restore or delete it)").arg(recordPath());
        return std::nullopt;
    }
    return doc.object();
}

/// Atomic, owner-only; an empty record removes the file.
bool saveAll(const QJsonObject &all, QString *error)
{
    if (all.isEmpty()) {
        if (QFile::exists(recordPath()) && !QFile::remove(recordPath())) {
            *error = QStringLiteral("cannot remove %1").arg(recordPath());
            return false;
        }
        return true;
    }
    if (!toOutParameter(paths::ensurePrivateDir(paths::agentStateDir()), error))
        return false;
    if (!safefile::writeInside(paths::agentStateDir(), recordPath(), QJsonDocument(all).toJson(), error))
        return false;
    paths::restrictMode(recordPath(), QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    return true;
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

std::unique_ptr<McpConfigFile> openConfig(const McpTarget &target, const safefile::Read &read, QString *error)
{
    QString problem;
    std::unique_ptr<McpConfigFile> file = McpConfigFile::open(target.format, target.allowBare, read.bytes, read.exists, &problem);
    if (!file)
        *error = QStringLiteral("cannot parse %1 (%2)").arg(target.file, problem);
    return file;
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
    QString error;
    std::unique_ptr<McpConfigFile> probe = openConfig(target, read, &error);
    std::unique_ptr<McpConfigFile> plain = openConfig(target, read, &error);
    if (!probe || !plain || !plain->defines(kName))
        return false;
    QString hash;
    if (!probe->put(serverFor(record->command, record->args), &hash, &error))
        return false;
    return hash == record->hash && contentLines(probe->bytes()) == contentLines(plain->bytes());
}

std::optional<McpTarget> userTarget(const ToolInfo &tool, QString *error)
{
    const McpTarget target = McpTarget::resolve(tool, resources::ResourceScope::fromKey(QStringLiteral("user")), QStringLiteral("init"));
    if (!target.ok) {
        *error = target.error;
        return std::nullopt;
    }
    return target;
}

} // namespace

QString recordPath() { return paths::agentStateDir() + QStringLiteral("/mcp-registration.json"); }

Outcome registerServer(const ToolInfo &tool, const QString &teamai)
{
    resources::InstallLock lock;
    QString error;
    if (!toOutParameter(lock.acquire(), &error))
        return failure(error);
    const std::optional<McpTarget> target = userTarget(tool, &error);
    std::optional<QJsonObject> all = target ? loadAll(&error) : std::nullopt;
    if (!all)
        return failure(error);
    const safefile::Read read = safefile::readInside(target->writeBase, target->file);
    if (!read.ok)
        return failure(read.error);
    std::unique_ptr<McpConfigFile> file = openConfig(*target, read, &error);
    if (!file)
        return failure(error);
    const bool ours = stillOurs(*target, read, recordOf(*all, tool));
    if (file->defines(kName) && !ours) {
        Outcome outcome;
        outcome.ok = outcome.userOwned = true;
        outcome.detail = QStringLiteral("%1 already has an MCP server named teamai that is not TeamAI's registration; left as it is").arg(target->file);
        return outcome;
    }
    QString hash;
    const QStringList args = argsFor(tool);
    if (!file->put(serverFor(teamai, args), &hash, &error))
        return failure(QStringLiteral("cannot add the teamai MCP server to %1: %2").arg(target->file, error));
    // Recorded first: an entry without its record would count as the user's for ever.
    const QJsonObject before = *all;
    all->insert(tool.name, QJsonObject{{QStringLiteral("file"), target->file}, {QStringLiteral("hash"), hash},
                                       {QStringLiteral("command"), teamai}, {QStringLiteral("args"), QJsonArray::fromStringList(args)}});
    if (!saveAll(*all, &error))
        return failure(error);
    if (!safefile::writeInside(target->writeBase, target->file, file->bytes(), &error)) {
        QString ignored;
        saveAll(before, &ignored);
        return failure(error);
    }
    Outcome outcome;
    outcome.ok = true;
    outcome.detail = QStringLiteral("%1 the teamai MCP server in %2").arg(ours ? QStringLiteral("Replaced") : QStringLiteral("Registered"), target->file);
    return outcome;
}

QString recordedFile(const ToolInfo &tool)
{
    QString error;
    const std::optional<QJsonObject> all = loadAll(&error);
    const std::optional<Record> record = all ? recordOf(*all, tool) : std::nullopt;
    return record ? record->file : QString();
}

Outcome unregisterServer(const ToolInfo &tool)
{
    resources::InstallLock lock;
    QString error;
    if (!toOutParameter(lock.acquire(), &error))
        return failure(error);
    std::optional<QJsonObject> all = loadAll(&error);
    if (!all)
        return failure(error);
    const std::optional<Record> record = recordOf(*all, tool);
    Outcome outcome;
    outcome.ok = true;
    if (!record)
        return outcome;
    const std::optional<McpTarget> target = userTarget(tool, &error);
    if (target && target->file == record->file) {
        const safefile::Read read = safefile::readInside(target->writeBase, target->file);
        if (!read.ok)
            return failure(read.error);
        std::unique_ptr<McpConfigFile> file = openConfig(*target, read, &error);
        if (!file)
            return failure(error);
        if (stillOurs(*target, read, record)) {
            file->remove(kName);
            if (!safefile::writeInside(target->writeBase, target->file, file->bytes(), &error))
                return failure(error);
            outcome.detail = QStringLiteral("Removed the teamai MCP server from %1").arg(target->file);
        } else if (file->defines(kName)) {
            outcome.userOwned = true;
            outcome.detail = QStringLiteral("The teamai MCP server in %1 changed since init registered it; left as it is").arg(target->file);
        }
    }
    all->remove(tool.name);
    if (!saveAll(*all, &error))
        return failure(error);
    if (outcome.detail.isEmpty())
        outcome.detail = QStringLiteral("The teamai MCP server was already gone from %1; record removed").arg(record->file);
    return outcome;
}

} // namespace teamai::mcp::registration
