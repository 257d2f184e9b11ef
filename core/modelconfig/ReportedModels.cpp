#include "modelconfig/ReportedModels.h"

#include "modelconfig/BuddyModels.h"
#include "modelconfig/ClaudeGateway.h"
#include "modelconfig/ModelConfigApply.h"
#include "modelconfig/ModelFiles.h"
#include "modelconfig/ModelManifest.h"
#include "util/Paths.h"

#include <QJsonObject>

namespace teamai::modelconfig {
namespace {

QJsonObject reported(const QString &provider, const QString &id, const QString &name)
{
    QJsonObject model{{QStringLiteral("provider"), provider}, {QStringLiteral("model_id"), id}};
    if (!name.isEmpty())
        model.insert(QStringLiteral("name"), name);
    model.insert(QStringLiteral("source"), QStringLiteral("enterprise"));
    return model;
}

QJsonArray claudeModels(const ModelManifest &manifest, const QString &home)
{
    // The manifest first: with no model of ours recorded (most machines) there is nothing to
    // report, and Claude's settings.json is neither read nor parsed on every hook.
    const QString recorded = manifest.record(QStringLiteral("claude"), {}).value(QStringLiteral("ANTHROPIC_CUSTOM_MODEL_OPTION")).toString();
    if (recorded.isEmpty())
        return {};
    const QString path = claudegateway::settingsPath(home);
    const JsValue env = readToolJson(path, path).value.value(QStringLiteral("env"));
    const QString id = env.value(QStringLiteral("ANTHROPIC_CUSTOM_MODEL_OPTION")).toString();
    if (id.isEmpty() || entryHash(JsValue(id)) != recorded)
        return {};
    const QString provider = manifest.providers(QStringLiteral("claude"), {}).value(id).toString();
    if (provider.isEmpty())
        return {};
    return {reported(provider, id, env.value(QStringLiteral("ANTHROPIC_CUSTOM_MODEL_OPTION_NAME")).toString())};
}

QJsonArray buddyModels(const ModelManifest &manifest, const QString &kind, const QString &home, const QString &workspace)
{
    const JsValue owned = manifest.record(kind, workspace);
    if (owned.keys().empty())
        return {};  // none of ours in this scope: the tool's models file is not read
    const JsValue providers = manifest.providers(kind, workspace);
    QJsonArray list;
    for (const JsValue &entry : buddymodels::readEntries(buddymodels::modelsPath(kind, home, workspace))) {
        const QString id = entry.value(QStringLiteral("id")).toString();
        const QString vendor = entry.value(QStringLiteral("vendor")).toString();
        if (id.isEmpty() || vendor.isEmpty() || owned.value(id).isUndefined() || providers.value(id).toString() != vendor)
            continue;
        list.append(reported(vendor, id, entry.value(QStringLiteral("name")).toString()));
    }
    return list;
}

} // namespace

QJsonArray reportedModels(const QString &toolName, const QString &workspace)
{
    const QString kind = kindOfTool(toolName);
    if (kind.isEmpty())
        return {};
    const ModelManifest::Loaded loaded = ModelManifest::load();
    if (!loaded.error.isEmpty())
        return {};
    const QString home = paths::homeDir();
    if (kind == QLatin1String("claude"))
        return workspace.isEmpty() ? claudeModels(loaded.manifest, home) : QJsonArray();
    return buddyModels(loaded.manifest, kind, home, workspace);
}

} // namespace teamai::modelconfig
