#pragma once

#include <QJsonArray>
#include <QString>

namespace teamai {

class Manifest;
struct ToolInfo;

/// @brief What is on disk for one tool under one base folder, as the report payload lists it
/// (SPEC §3): `{slug, version?, display_name, source}` with source `enterprise` when the
/// manifest says TeamAI installed it, else `local`.
namespace installed {

/// @brief Sub-folders of the tool's skills dir that hold a SKILL.md; slug/version from its front
/// matter `name`/`version` (slug falls back to the folder name).
QJsonArray skills(const QString &baseDir, const ToolInfo &tool, const Manifest &manifest, const QString &scopeKey);

/// @brief `*.md` files under the tool's rules dir; slug = relative path without `.md`.
QJsonArray rules(const QString &baseDir, const ToolInfo &tool, const Manifest &manifest, const QString &scopeKey);

} // namespace installed
} // namespace teamai
