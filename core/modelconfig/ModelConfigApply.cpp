#include "modelconfig/ModelConfigApply.h"

#include "modelconfig/BuddyModels.h"
#include "modelconfig/ClaudeGateway.h"
#include "modelconfig/GatewaySince.h"
#include "modelconfig/GatewayStatus.h"
#include "modelconfig/ModelManifest.h"
#include "resources/InstallLock.h"
#include "tools/ToolTable.h"
#include "util/Paths.h"

#include <QDateTime>

namespace teamai::modelconfig {
namespace {

QString processEnv(const QString &name)
{
    return qEnvironmentVariable(name.toLocal8Bit().constData());
}

/// The providers record after @p delivery: a snapshot replaces it, a model is merged in.
JsValue nextProviders(const ModelManifest &manifest, const ApplyTarget &target, const Delivery &delivery)
{
    JsValue providers = delivery.fullSnapshot ? JsValue::object() : manifest.providers(target.kind, target.workspace);
    for (const DeliveredModel &model : delivery.models)
        providers.insert(model.modelId, model.provider);
    return providers;
}

void recordSince(const ApplyTarget &target)
{
    QStringList gateways;
    for (const GatewayInUse &row : gatewaysInUse()) {
        if (row.kind == target.kind && row.workspace == target.workspace)
            gateways = row.gateways;
    }
    gatewaysince::update(gatewaysince::scopeKey(target.kind, target.workspace), gateways, QDateTime::currentDateTimeUtc());
}

} // namespace

QString kindOfTool(const QString &toolName)
{
    const QString agentType = normalizeAgentType(normalizeToolName(toolName));
    if (agentType == QLatin1String("claude") || agentType == QLatin1String("codebuddy") || agentType == QLatin1String("workbuddy"))
        return agentType;
    if (agentType == QLatin1String("codebuddy-internal"))
        return QStringLiteral("codebuddy");
    return {};
}

ApplyOutcome applyModels(const ApplyTarget &target, const Delivery &delivery, const EnvLookup &env)
{
    ApplyOutcome outcome;
    resources::InstallLock lock;
    Result<ModelManifest::Loaded> loaded = resources::loadLocked(lock, [] { return ModelManifest::load(); });
    if (!loaded) {
        outcome.error = loaded.error();
        return outcome;
    }
    ModelManifest &manifest = loaded->manifest;
    manifest.setProviders(target.kind, target.workspace, nextProviders(manifest, target, delivery));
    const QString home = paths::homeDir();
    const WriteOutcome written = target.kind == QLatin1String("claude")
        ? claudegateway::reconcile(delivery.models, manifest, home, env ? env : EnvLookup(processEnv))
        : buddymodels::reconcile(delivery, manifest, target.kind, home, target.workspace);
    if (!written.ok) {
        outcome.error = written.error;
        return outcome;
    }
    if (const Status saved = manifest.save(); !saved) {
        outcome.error = saved.error();
        return outcome;
    }
    recordSince(target);
    outcome.ok = true;
    outcome.notes = written.notes;
    outcome.detail = written.detail;
    return outcome;
}

ApplyOutcome removeModels(const ApplyTarget &target)
{
    Delivery removal;
    removal.fullSnapshot = true;
    return applyModels(target, removal);
}

} // namespace teamai::modelconfig
