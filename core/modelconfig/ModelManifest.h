#pragma once

#include "modelconfig/JsJson.h"
#include "util/Result.h"

#include <QString>

namespace teamai::modelconfig {

/// @brief `~/.teamai/local-agent/model-manifest.json`, the reference client's record of the
/// model configuration it wrote, shared with it so either client can undo the other:
///
///     {"providersByAgent": {"claude": {"<model_id>": "<provider>"}, "codebuddy": {…}},
///      "claudeEnv": {"ANTHROPIC_BASE_URL": "<hash>", …},
///      "codebuddy": {"<model_id>": "<hash of the models.json entry>"}, "workbuddy": {…},
///      "workspaceModels": {"<workspace>": {"providersByAgent": {…}, "codebuddy": {…}}},
///      "providers": {…}}            (older files: claude/codebuddy providers at user scope)
///
/// Hashes are entryHash() of what was written. Unknown keys are kept as they are.
class ModelManifest
{
public:
    struct Loaded;
    /// @brief Reads the file; a missing one is empty. A damaged one is an error: it is never
    /// overwritten (that would forget what the other client wrote).
    static Loaded load(const QString &path = defaultPath());
    static QString defaultPath();

    /// @brief The record of one scope: the root for user scope, `workspaceModels[<workspace>]` else.
    JsValue scope(const QString &workspace) const;
    void setScope(const QString &workspace, const JsValue &scope);

    /// @brief The providers last delivered to @p kind (model_id → provider), with the older
    /// top-level `providers` as the fallback the reference reads for claude and codebuddy.
    JsValue providers(const QString &kind, const QString &workspace) const;
    /// @brief Records @p providers as @p kind's in its scope.
    void setProviders(const QString &kind, const QString &workspace, const JsValue &providers);

    /// @brief `claudeEnv` (key → hash), or `codebuddy`/`workbuddy` of a scope (model_id → hash).
    JsValue record(const QString &kind, const QString &workspace) const;
    void setRecord(const QString &kind, const QString &workspace, const JsValue &record);

    /// @brief The workspaces with a record of their own.
    QStringList workspaces() const;

    Status save() const;
    JsValue root() const { return m_root; }

private:
    QString m_path;
    JsValue m_root = JsValue::object();
};

struct ModelManifest::Loaded {
    ModelManifest manifest;
    QString error;
};

} // namespace teamai::modelconfig
