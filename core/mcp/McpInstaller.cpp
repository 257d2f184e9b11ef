#include "mcp/McpInstaller.h"

#include "mcp/McpConfigFile.h"
#include "mcp/McpManifest.h"
#include "mcp/SafeFile.h"
#include "resources/InstallLock.h"
#include "resources/Manifest.h"
#include "resources/ResourceScope.h"

#include <memory>

namespace teamai::mcp::installer {
namespace {

McpOutcome failure(const QString &error)
{
    McpOutcome outcome;
    outcome.error = error;
    return outcome;
}

McpManifest::Loaded loadManifest(const McpTarget &target)
{
    return target.project ? McpManifest::loadProject(target.workspace) : McpManifest::loadUser();
}

QString damaged(const QString &type, const QString &error)
{
    return QStringLiteral("%1: TeamAI's record of MCP servers is damaged (%2); no MCP server is changed until it is "
                          "restored or deleted").arg(type, error);
}

/// The tool's file, parsed; or why not (the reference's `cannot parse` wording).
Result<std::unique_ptr<McpConfigFile>> openConfig(const McpTarget &target, const QString &type)
{
    const safefile::Read read = safefile::readInside(target.writeBase, target.file);
    if (!read.ok)
        return Error{QStringLiteral("%1: %2").arg(type, read.error)};
    Result<std::unique_ptr<McpConfigFile>> file = McpConfigFile::open(target.format, target.allowBare, read.bytes, read.exists);
    if (!file)
        return Error{QStringLiteral("%1: cannot parse %2 (%3)").arg(type, target.file, file.error())};
    return file;
}

/// Takes @p lock, then reads the manifest of @p target's scope under it: every change starts so.
Result<McpManifest> lockedManifest(resources::InstallLock &lock, const McpTarget &target, const QString &type)
{
    if (const Status locked = lock.acquire(); !locked)
        return Error{QStringLiteral("%1: %2").arg(type, locked.error())};
    McpManifest::Loaded loaded = loadManifest(target);
    if (!loaded.manifest)
        return Error{damaged(type, loaded.error)};
    return std::move(*loaded.manifest);
}

} // namespace

McpOutcome install(const McpTarget &target, const McpServer &server, const QString &type, const QString &tool)
{
    resources::InstallLock lock;
    Result<McpManifest> loaded = lockedManifest(lock, target, type);
    if (!loaded)
        return failure(loaded.error());
    McpManifest &manifest = *loaded;
    const Result<std::unique_ptr<McpConfigFile>> opened = openConfig(target, type);
    if (!opened)
        return failure(opened.error());
    McpConfigFile &file = **opened;
    const bool ours = manifest.owns(target.manifestKey, server.name);
    if (file.defines(server.name) && !ours)
        return failure(QStringLiteral("%1: server \"%2\" exists in %3 config and is not managed by teamai").arg(type, server.name, tool));
    const Result<QString> hash = file.put(server);
    if (!hash)
        return failure(QStringLiteral("%1: cannot add server \"%2\" to %3: %4").arg(type, server.name, target.file, hash.error()));

    // Recorded first: a server in the file that the manifest does not list would count as the
    // user's for ever, while a record without its entry is only cleaned up by the next uninstall.
    const McpManifest before = manifest;
    manifest.put(target.manifestKey, server.name, *hash);
    if (const Status saved = manifest.save(); !saved)
        return failure(QStringLiteral("%1: %2").arg(type, saved.error()));
    if (const Status written = safefile::writeInside(target.writeBase, target.file, file.bytes()); !written) {
        // The entry did not go in: neither does its record. Best effort: the error reported is
        // the write's, and a record left behind is only cleaned up by the next uninstall.
        (void)before.save();
        return failure(QStringLiteral("%1: %2").arg(type, written.error()));
    }
    McpOutcome outcome;
    outcome.ok = true;
    outcome.detail = QStringLiteral("%1 MCP server %2 (%3) in %4")
                         .arg(ours ? QStringLiteral("replaced") : QStringLiteral("installed"), server.name,
                              transportName(server.transport), target.file);
    return outcome;
}

McpOutcome uninstall(const McpTarget &target, const QString &name, const QString &type)
{
    resources::InstallLock lock;
    Result<McpManifest> loaded = lockedManifest(lock, target, type);
    if (!loaded)
        return failure(loaded.error());
    McpManifest &manifest = *loaded;
    McpOutcome outcome;
    outcome.ok = true;
    if (!manifest.owns(target.manifestKey, name)) {
        outcome.detail = QStringLiteral("MCP server %1 was not installed by TeamAI in %2; nothing to remove").arg(name, target.file);
        return outcome;
    }
    const Result<std::unique_ptr<McpConfigFile>> opened = openConfig(target, type);
    if (!opened)
        return failure(opened.error());
    McpConfigFile &file = **opened;
    // The entry goes first: while it is in the file, the record must stay (or it becomes the user's).
    const bool present = file.defines(name);
    if (present) {
        file.remove(name);
        if (const Status written = safefile::writeInside(target.writeBase, target.file, file.bytes()); !written)
            return failure(QStringLiteral("%1: %2").arg(type, written.error()));
    }
    manifest.remove(target.manifestKey, name);
    if (const Status saved = manifest.save(); !saved)
        return failure(QStringLiteral("%1: %2").arg(type, saved.error()));
    outcome.detail = present ? QStringLiteral("removed MCP server %1 from %2").arg(name, target.file)
                             : QStringLiteral("MCP server %1 was already gone from %2; record removed").arg(name, target.file);
    return outcome;
}

QList<InstalledServer> installed(const ToolInfo &tool, const QStringList &workspaces)
{
    QList<InstalledServer> found;
    QList<resources::ResourceScope> scopes{resources::ResourceScope::fromKey(Manifest::userScopeKey())};
    for (const QString &workspace : workspaces)
        scopes.append(resources::ResourceScope::fromKey(Manifest::projectScopeKey(workspace)));
    for (const resources::ResourceScope &scope : scopes) {
        const McpTarget target = McpTarget::resolve(tool, scope, QStringLiteral("uninstall"));
        if (!target.ok)
            continue;
        const McpManifest::Loaded loaded = loadManifest(target);
        if (!loaded.manifest)
            continue;
        for (const QString &name : loaded.manifest->names(target.manifestKey))
            found.append({name, target});
    }
    return found;
}

} // namespace teamai::mcp::installer
