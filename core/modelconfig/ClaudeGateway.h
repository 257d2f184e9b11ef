#pragma once

#include "modelconfig/DeliveredModels.h"
#include "modelconfig/JsJson.h"
#include "modelconfig/WriteOutcome.h"

#include <QString>
#include <QStringList>

namespace teamai::modelconfig {

class ModelManifest;

/// @brief Claude Code's model gateway, as the reference client configures it: the managed `env`
/// entries of `~/.claude/settings.json` (ANTHROPIC_BASE_URL, ANTHROPIC_AUTH_TOKEN,
/// ANTHROPIC_CUSTOM_MODEL_OPTION, ANTHROPIC_CUSTOM_MODEL_OPTION_NAME, for the first model
/// delivered) and the profile `~/.claude/teamai-models.json` (`{"env": {…the same…}}`), recorded
/// as hashes in the manifest's `claudeEnv`.
///
/// Nothing of the user's is overwritten: when a gateway key (or ANTHROPIC_API_KEY,
/// ANTHROPIC_CUSTOM_HEADERS, ANTHROPIC_DEFAULT_{OPUS,SONNET,HAIKU}_MODEL) is set in the file by
/// someone else, or in the agent process's environment to a value that is not ours, settings.json
/// is left alone and a note says why. No models removes our entries — all of them, and only
/// while none was changed (a gateway the user edited is theirs) — and the profile.
namespace claudegateway {

/// @brief Files of the gateway under @p home.
QString settingsPath(const QString &home);
QString profilePath(const QString &home);

/// @brief The env entries for @p model, in the reference's order (the base URL without trailing
/// slashes and without one trailing `/v1`).
JsValue envFor(const DeliveredModel &model);

/// @brief Every key whose presence makes the gateway the user's.
QStringList conflictKeys();

/// @brief Makes settings.json use models.first() (or removes our gateway for no models).
WriteOutcome reconcile(const QList<DeliveredModel> &models, ModelManifest &manifest, const QString &home,
                       const EnvLookup &env);

} // namespace claudegateway
} // namespace teamai::modelconfig
