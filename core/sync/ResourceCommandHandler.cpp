#include "sync/ResourceCommandHandler.h"

#include "log/Logging.h"
#include "net/Downloader.h"
#include "resources/ResourceNames.h"
#include "resources/ResourceScope.h"
#include "resources/ResourceStore.h"
#include "tools/ToolTable.h"

#include <QTemporaryFile>
#include <QUrl>

namespace teamai {
namespace {

/// The first of @p names the command carries (present and not null), as the reference client's
/// `a ?? b ?? c` picks it: an empty string stops the search, so it is reported, not skipped.
QString firstPresentField(const Command &command, const QStringList &names)
{
    for (const QString &name : names) {
        const QJsonValue value = command.raw.value(name);
        if (!value.isUndefined() && !value.isNull())
            return command.field(name);
    }
    return {};
}

/// SPEC §4 and the reference: the kind's own field, then the generic ones. A claudemd block may
/// be named by `rule_*` (commands with `rule_type: prompt` / `handle_type: prompt` do that).
QStringList fieldChain(ResourceKind kind, const QString &suffix)
{
    QStringList chain;
    switch (kind) {
    case ResourceKind::Skill: chain = {QStringLiteral("skill")}; break;
    case ResourceKind::Rule: chain = {QStringLiteral("rule")}; break;
    case ResourceKind::ClaudeMd: chain = {QStringLiteral("claudemd"), QStringLiteral("rule")}; break;
    }
    chain += {QStringLiteral("resource")};
    for (QString &name : chain)
        name += u'_' + suffix;
    chain += {suffix == QLatin1String("slug") ? QStringLiteral("slug") : QStringLiteral("version")};
    if (suffix == QLatin1String("slug"))
        chain += QStringLiteral("name");
    return chain;
}

/// The tool folder a resource of @p kind goes to; empty when the tool has none (hermes has no
/// rules folder, for example), which must fail rather than write into the base folder.
bool toolHasFolderFor(const ToolInfo &tool, ResourceKind kind)
{
    switch (kind) {
    case ResourceKind::Skill: return !tool.skillsDir.isEmpty();
    case ResourceKind::Rule: return !tool.rulesDir.isEmpty();
    case ResourceKind::ClaudeMd: return true;  // kept in our store when the tool has no instruction file
    }
    return false;
}

} // namespace

ResourceCommandHandler::ResourceCommandHandler(QNetworkAccessManager *network, QString caFile)
    : m_network(network)
    , m_caFile(std::move(caFile))
{
}

CommandResult ResourceCommandHandler::handle(const Command &command, const CommandRoute &route, const CommandContext &context)
{
    const ToolInfo &tool = context.tool ? *context.tool : defaultTool();
    const QString slug = firstPresentField(command, fieldChain(route.kind, QStringLiteral("slug")));
    if (slug.isEmpty())
        return CommandResult::rejected(QStringLiteral("Missing %1 slug").arg(resourceKindName(route.kind)));
    if (!resources::isValidSlug(slug))
        return CommandResult::rejected(resources::invalidSlugError(slug));
    if (!toolHasFolderFor(tool, route.kind))
        return CommandResult::rejected(QStringLiteral("%1 has no %2 folder").arg(tool.name, resourceKindName(route.kind)));
    const QString version = firstPresentField(command, fieldChain(route.kind, QStringLiteral("version")));
    if (!version.isEmpty() && !resources::isValidVersion(version))
        return CommandResult::rejected(resources::invalidVersionError(version));

    const resources::ResourceScope scope = resources::ResourceScope::resolve(
        command.field(QStringLiteral("scope")), command.field(QStringLiteral("workspace_path")), context.cwd,
            context.boundWorkspaces);
    if (!scope.ok)
        return CommandResult::rejected(scope.error);

    resources::ResourceStore store(tool);
    resources::ResourceOutcome outcome;
    if (route.action == ResourceAction::Uninstall) {
        outcome = store.uninstall(scope, route.kind, slug);
        if (!version.isEmpty())
            outcome.version = version;
    } else {
        const QString url = command.field(QStringLiteral("download_url"));
        if (url.isEmpty())
            return CommandResult::rejected(QStringLiteral("Missing download_url for %1")
                                               .arg(command.type.isEmpty() ? resourceKindName(route.kind) : command.type));
        if (const Status allowed = Downloader::checkUrl(QUrl(url)); !allowed)
            return CommandResult::rejected(allowed.error());

        DownloadOptions options;
        options.deadline = context.deadline;
        options.caFile = m_caFile;
        Downloader downloader(m_network);
        const DownloadResult download = downloader.fetch(url, options);
        if (!download.ok && download.stoppedByDeadline)
            return CommandResult::deferred(QStringLiteral("download did not fit the hook's time budget; left for the worker"));
        if (!download.ok)
            return CommandResult::failed(download.error);
        resources::ResourceRequest request;
        request.kind = route.kind;
        request.slug = slug;
        request.version = version;
        request.displayName = command.field(QStringLiteral("display_name"));
        outcome = store.install(scope, request, download.file->fileName());
    }
    if (!outcome.ok) {
        qCWarning(lcResources).noquote() << resourceKindName(route.kind) << slug << "for" << tool.name << "failed:" << outcome.error;
        return CommandResult::failed(outcome.error);
    }
    qCInfo(lcResources).noquote() << outcome.detail;
    return CommandResult::succeeded(outcome.detail, outcome.version);
}

} // namespace teamai
