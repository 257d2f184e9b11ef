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

/// SPEC §4: the kind-specific field first, then the generic ones.
QString firstField(const Command &command, const QStringList &names)
{
    for (const QString &name : names) {
        const QString value = command.field(name);
        if (!value.isEmpty())
            return value;
    }
    return {};
}

QString kindPrefix(ResourceKind kind)
{
    switch (kind) {
    case ResourceKind::Skill: return QStringLiteral("skill");
    case ResourceKind::Rule: return QStringLiteral("rule");
    case ResourceKind::ClaudeMd: return QStringLiteral("claudemd");
    }
    return {};
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
    const QString prefix = kindPrefix(route.kind);
    const QString slug = firstField(command, {prefix + QStringLiteral("_slug"), QStringLiteral("resource_slug"),
                                              QStringLiteral("slug"), QStringLiteral("name")});
    if (!resources::isValidSlug(slug))
        return CommandResult::rejected(resources::invalidSlugError(slug));
    const QString version = firstField(command, {prefix + QStringLiteral("_version"), QStringLiteral("resource_version"),
                                                 QStringLiteral("version")});
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
        if (const QString problem = Downloader::checkUrl(QUrl(url)); !problem.isEmpty())
            return CommandResult::rejected(problem);

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
