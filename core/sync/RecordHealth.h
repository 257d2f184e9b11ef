#pragma once

#include <QList>
#include <optional>
#include <QString>

namespace teamai::records {

/// @brief One of the agent's own record files that exists but cannot be read (garbage, wrong
/// shape). Such a file is never written over; what depends on it stops with this one sentence
/// instead of guessing (a broken manifest once made the report call the team's skills `local`
/// and `teamai uninstall` leave them installed, saying nothing).
struct BrokenRecord {
    QString file;    ///< absolute path
    QString reason;  ///< what is wrong with it (the reader's error)
    QString advice;  ///< what the user can do about it
    /// @brief "<file> is damaged (<reason>). <advice>"
    QString sentence() const;
};

/// @brief The record file of each kind, checked now (nothing cached: a repaired file is seen at once).
std::optional<BrokenRecord> brokenManifest();
std::optional<BrokenRecord> brokenSettings();
std::optional<BrokenRecord> brokenHookRules();
std::optional<BrokenRecord> brokenConfig();

/// @brief Every broken record file: config.json, settings.json, manifest.json, agent-hooks.json.
QList<BrokenRecord> check();

/// @brief Logs @p record as a warning, once per file per process however often it is seen.
void logOnce(const BrokenRecord &record);

} // namespace teamai::records
