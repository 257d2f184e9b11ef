#pragma once

#include "modelconfig/DeliveredModels.h"
#include "modelconfig/JsJson.h"
#include "modelconfig/WriteOutcome.h"

#include <QString>

namespace teamai::modelconfig {

class ModelManifest;

/// @brief CodeBuddy's and WorkBuddy's model files, as the reference client writes them:
/// `~/.codebuddy/models.json`, `~/.workbuddy/models.json`, and at project scope
/// `<workspace>/.codebuddy/models.json` for both (with `models.json` added to that folder's
/// `.gitignore`, so the keys are not committed). The file is `{"models": [...]}` (other keys
/// kept; an `availableModels` list is kept in step) or a bare array; each entry of ours is
/// `{id, name, vendor, apiKey, maxInputTokens?, maxOutputTokens, url, supportsToolCall}` and is
/// recorded by its entryHash() in the manifest (`codebuddy` / `workbuddy` of its scope).
///
/// An entry is ours only while it is exactly what we wrote: one the user edited, or one with an
/// id the user already had, is theirs and is never replaced or removed (a note says so).
/// A full snapshot replaces our entries; an incremental model adds or replaces one; an empty
/// snapshot removes ours.
namespace buddymodels {

/// @brief The model file of @p kind (`codebuddy` or `workbuddy`): under @p home, or in @p workspace.
QString modelsPath(const QString &kind, const QString &home, const QString &workspace);

/// @brief The entry written for @p model (its URL ends in `/chat/completions`).
JsValue entryFor(const DeliveredModel &model);

/// @brief The entries of the model file at @p path (empty when missing or unreadable).
std::vector<JsValue> readEntries(const QString &path);

WriteOutcome reconcile(const Delivery &delivery, ModelManifest &manifest, const QString &kind, const QString &home,
                       const QString &workspace);

} // namespace buddymodels
} // namespace teamai::modelconfig
