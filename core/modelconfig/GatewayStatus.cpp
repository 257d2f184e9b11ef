#include "modelconfig/GatewayStatus.h"

#include "modelconfig/BuddyModels.h"
#include "modelconfig/ClaudeGateway.h"
#include "modelconfig/GatewaySince.h"
#include "modelconfig/ModelFiles.h"
#include "modelconfig/ModelManifest.h"
#include "util/Paths.h"

#include <optional>

namespace teamai::modelconfig {
namespace {

std::optional<GatewayInUse> claudeInUse(const ModelManifest &manifest, const QString &home)
{
    const JsValue record = manifest.record(QStringLiteral("claude"), {});
    const QString path = claudegateway::settingsPath(home);
    const JsValue env = readToolJson(path, path).value.value(QStringLiteral("env"));
    const JsValue &url = env.value(QStringLiteral("ANTHROPIC_BASE_URL"));
    const QString hash = record.value(QStringLiteral("ANTHROPIC_BASE_URL")).toString();
    if (hash.isEmpty() || entryHash(url) != hash)
        return std::nullopt;
    GatewayInUse row;
    row.kind = QStringLiteral("claude");
    row.gateways = QStringList{url.toString()};
    const JsValue &model = env.value(QStringLiteral("ANTHROPIC_CUSTOM_MODEL_OPTION"));
    if (entryHash(model) == record.value(QStringLiteral("ANTHROPIC_CUSTOM_MODEL_OPTION")).toString())
        row.models = QStringList{model.toString()};
    row.file = displayPath(path, home);
    return row;
}

std::optional<GatewayInUse> buddyInUse(const ModelManifest &manifest, const QString &kind, const QString &home,
                                       const QString &workspace)
{
    const JsValue record = manifest.record(kind, workspace);
    if (record.size() == 0)
        return std::nullopt;
    const QString path = buddymodels::modelsPath(kind, home, workspace);
    GatewayInUse row;
    for (const JsValue &entry : buddymodels::readEntries(path)) {
        const QString id = entry.value(QStringLiteral("id")).toString();
        if (id.isEmpty() || record.value(id).toString() != entryHash(entry))
            continue;
        row.models.append(id);
        QString url = entry.value(QStringLiteral("url")).toString();
        if (url.endsWith(QLatin1String("/chat/completions")))
            url.chop(int(qstrlen("/chat/completions")));
        if (!row.gateways.contains(url))
            row.gateways.append(url);
    }
    if (row.models.isEmpty())
        return std::nullopt;
    row.kind = kind;
    row.workspace = workspace;
    row.file = displayPath(path, home);
    return row;
}

} // namespace

QList<GatewayInUse> gatewaysInUse()
{
    const ModelManifest::Loaded loaded = ModelManifest::load();
    QList<GatewayInUse> rows;
    if (!loaded.error.isEmpty())
        return rows;
    const QString home = paths::homeDir();
    const ModelManifest &manifest = loaded.manifest;
    std::vector<std::optional<GatewayInUse>> found{claudeInUse(manifest, home),
                                                   buddyInUse(manifest, QStringLiteral("codebuddy"), home, {}),
                                                   buddyInUse(manifest, QStringLiteral("workbuddy"), home, {})};
    for (const QString &workspace : manifest.workspaces()) {
        for (const QString &kind : {QStringLiteral("codebuddy"), QStringLiteral("workbuddy")})
            found.push_back(buddyInUse(manifest, kind, home, workspace));
    }
    for (const std::optional<GatewayInUse> &row : found) {
        if (!row)
            continue;
        GatewayInUse shown = *row;
        shown.since = gatewaysince::since(gatewaysince::scopeKey(shown.kind, shown.workspace), shown.gateways);
        rows.append(shown);
    }
    return rows;
}

} // namespace teamai::modelconfig
