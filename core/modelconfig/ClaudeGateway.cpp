#include "modelconfig/ClaudeGateway.h"

#include "modelconfig/ModelFiles.h"
#include "modelconfig/ModelManifest.h"
#include "util/SafePath.h"

namespace teamai::modelconfig::claudegateway {
namespace {

const QString kEnv = QStringLiteral("env");
const QString kBaseUrl = QStringLiteral("ANTHROPIC_BASE_URL");
const QString kModelOption = QStringLiteral("ANTHROPIC_CUSTOM_MODEL_OPTION");

QString toolBase(const QString &home)
{
    return safepath::writeBase(home, QStringLiteral(".claude"), settingsPath(home));
}

/// settings.json and its `env`, read for editing.
struct Settings {
    JsValue root = JsValue::object();
    JsValue env = JsValue::object();
    QString display;
    QString error;
};

Settings loadSettings(const QString &home)
{
    Settings s;
    s.display = displayPath(settingsPath(home), home);
    // Refused before anything is written (the profile comes first) when the file leads out.
    if (const safepath::Resolved checked = safepath::checkInside(toolBase(home), settingsPath(home)); !checked.ok) {
        s.error = checked.error;
        return s;
    }
    const ToolJson file = readToolJson(settingsPath(home), s.display);
    if (!file.error.isEmpty()) {
        s.error = file.error;
        return s;
    }
    if (file.exists && !file.value.isObject()) {
        s.error = QStringLiteral("apply_model_config: cannot parse %1: root must be an object").arg(s.display);
        return s;
    }
    if (file.exists)
        s.root = file.value;
    const JsValue &env = s.root.value(kEnv);
    if (!env.isUndefined() && !env.isObject()) {
        s.error = QStringLiteral("apply_model_config: env must be an object in %1").arg(s.display);
        return s;
    }
    if (env.isObject())
        s.env = env;
    return s;
}

Status saveSettings(const QString &home, Settings &s)
{
    s.root.insert(kEnv, s.env);
    return writeToolJson(toolBase(home), settingsPath(home), s.root);
}

WriteOutcome removeGateway(ModelManifest &manifest, const QString &home)
{
    Settings s = loadSettings(home);
    if (!s.error.isEmpty())
        return WriteOutcome::failure(s.error);
    const JsValue record = manifest.record(QStringLiteral("claude"), {});
    WriteOutcome outcome;
    QStringList changed;
    QStringList ours;
    for (const QString &key : record.keys()) {
        const JsValue &value = s.env.value(key);
        if (value.isUndefined())
            continue;  // already gone
        if (entryHash(value) == record.value(key).toString())
            ours.append(key);
        else
            changed.append(key);
    }
    if (!changed.isEmpty()) {
        outcome.notes << QStringLiteral("claude gateway left in %1: %2 changed there since we set it, so it is the user's now")
                             .arg(s.display, changed.join(QStringLiteral(", ")));
    } else if (!ours.isEmpty()) {
        for (const QString &key : ours)
            s.env.remove(key);
        if (const Status saved = saveSettings(home, s); !saved)
            return WriteOutcome::failure(saved.error());
    }
    if (const Status removed = safepath::removeEntry(toolBase(home), profilePath(home)); !removed)
        return WriteOutcome::failure(removed.error());
    manifest.setRecord(QStringLiteral("claude"), {}, JsValue::object());
    outcome.detail = changed.isEmpty() ? QStringLiteral("claude: gateway removed from %1").arg(s.display)
                                       : QStringLiteral("claude: gateway left in %1 (changed by the user)").arg(s.display);
    return outcome;
}

/// Keys the user set in the agent's environment: a non-blank value that is neither ours (by the
/// record) nor the file's (Claude Code exports settings.json's env to the hooks it runs).
QStringList shellConflicts(const JsValue &record, const JsValue &fileEnv, const EnvLookup &env)
{
    QStringList found;
    for (const QString &key : conflictKeys()) {
        const QString value = env(key);
        if (value.trimmed().isEmpty())
            continue;
        const QString hash = entryHash(JsValue(value));
        const bool ours = record.value(key).toString() == hash;
        const bool fromFile = !fileEnv.value(key).isUndefined() && entryHash(fileEnv.value(key)) == hash;
        if (!ours && !fromFile)
            found.append(key);
    }
    return found;
}

/// Keys present in the file that are not ours, unchanged.
QStringList fileConflicts(const JsValue &record, const JsValue &fileEnv)
{
    QStringList found;
    for (const QString &key : conflictKeys()) {
        const JsValue &value = fileEnv.value(key);
        if (!value.isUndefined() && record.value(key).toString() != entryHash(value))
            found.append(key);
    }
    return found;
}

WriteOutcome applyGateway(const DeliveredModel &model, ModelManifest &manifest, const QString &home, const EnvLookup &env)
{
    Settings s = loadSettings(home);
    if (!s.error.isEmpty())
        return WriteOutcome::failure(s.error);
    const JsValue desired = envFor(model);
    JsValue profile = JsValue::object();
    profile.insert(kEnv, desired);
    if (const Status written = writeToolJson(toolBase(home), profilePath(home), profile); !written)
        return WriteOutcome::failure(written.error());

    const JsValue record = manifest.record(QStringLiteral("claude"), {});
    WriteOutcome outcome;
    const QStringList inShell = shellConflicts(record, s.env, env);
    const QStringList inFile = inShell.isEmpty() ? fileConflicts(record, s.env) : QStringList();
    if (!inShell.isEmpty()) {
        outcome.notes << QStringLiteral("claude gateway not configured: %1 set in the environment the agent runs in (the user's)")
                             .arg(inShell.join(QStringLiteral(", ")));
    } else if (!inFile.isEmpty()) {
        outcome.notes << QStringLiteral("claude gateway not configured: %1 already sets %2 (the user's)")
                             .arg(s.display, inFile.join(QStringLiteral(", ")));
    }
    if (!outcome.notes.isEmpty()) {
        outcome.detail = QStringLiteral("claude: %1 left as it was; profile %2 written")
                             .arg(s.display, displayPath(profilePath(home), home));
        return outcome;
    }
    for (const QString &key : record.keys()) {
        if (entryHash(s.env.value(key)) == record.value(key).toString())
            s.env.remove(key);
    }
    JsValue hashes = JsValue::object();
    for (const QString &key : desired.keys()) {
        s.env.insert(key, desired.value(key));
        hashes.insert(key, entryHash(desired.value(key)));
    }
    if (const Status saved = saveSettings(home, s); !saved)
        return WriteOutcome::failure(saved.error());
    manifest.setRecord(QStringLiteral("claude"), {}, hashes);
    outcome.detail = QStringLiteral("claude: gateway %1 for model %2 in %3")
                         .arg(desired.value(kBaseUrl).toString(), model.modelId, s.display);
    return outcome;
}

QString withoutTrailing(QString url)
{
    while (url.endsWith(u'/'))
        url.chop(1);
    if (url.endsWith(QLatin1String("/v1")))
        url.chop(3);
    return url;
}

} // namespace

QString settingsPath(const QString &home)
{
    return home + QStringLiteral("/.claude/settings.json");
}

QString profilePath(const QString &home)
{
    return home + QStringLiteral("/.claude/teamai-models.json");
}

JsValue envFor(const DeliveredModel &model)
{
    JsValue env = JsValue::object();
    env.insert(kBaseUrl, withoutTrailing(model.baseUrl));
    env.insert(QStringLiteral("ANTHROPIC_AUTH_TOKEN"), model.apiKey);
    env.insert(kModelOption, model.modelId);
    env.insert(QStringLiteral("ANTHROPIC_CUSTOM_MODEL_OPTION_NAME"), model.name);
    return env;
}

QStringList conflictKeys()
{
    return {kBaseUrl,
            QStringLiteral("ANTHROPIC_AUTH_TOKEN"),
            kModelOption,
            QStringLiteral("ANTHROPIC_CUSTOM_MODEL_OPTION_NAME"),
            QStringLiteral("ANTHROPIC_API_KEY"),
            QStringLiteral("ANTHROPIC_CUSTOM_HEADERS"),
            QStringLiteral("ANTHROPIC_DEFAULT_OPUS_MODEL"),
            QStringLiteral("ANTHROPIC_DEFAULT_SONNET_MODEL"),
            QStringLiteral("ANTHROPIC_DEFAULT_HAIKU_MODEL")};
}

WriteOutcome reconcile(const QList<DeliveredModel> &models, ModelManifest &manifest, const QString &home,
                       const EnvLookup &env)
{
    if (models.isEmpty())
        return removeGateway(manifest, home);
    return applyGateway(models.first(), manifest, home, env);
}

} // namespace teamai::modelconfig::claudegateway
