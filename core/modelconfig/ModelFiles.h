#pragma once

#include "modelconfig/JsJson.h"
#include "util/Result.h"

#include <QString>

namespace teamai::modelconfig {

/// @brief A tool's JSON file as read for editing (settings.json, models.json).
struct ToolJson {
    bool exists = false;
    JsValue value;   ///< the file's root; undefined when the file does not exist
    QString error;   ///< set when it exists but cannot be read or parsed: such a file is never rewritten
};

/// @brief Reads @p path (at most 8 MiB). @p display names it in errors (`~/.claude/settings.json`).
ToolJson readToolJson(const QString &path, const QString &display);

/// @brief Writes @p value as the reference does (2-space JSON and a newline) atomically, owner
/// read/write only (it holds an API key), never through a link that leaves @p base (SafePath).
Status writeToolJson(const QString &base, const QString &path, const JsValue &value);

/// @brief @p path as people read it: `~/…` under @p home, else as it is.
QString displayPath(const QString &path, const QString &home);

} // namespace teamai::modelconfig
