#pragma once

#include "agenthooks/AgentHookRegistry.h"
#include "util/Result.h"

#include <QJsonObject>
#include <QList>
#include <QString>

namespace teamai {

struct ToolInfo;

namespace agenthooks {

/// @brief One `install_hook_rule` as the backend sent it (SPEC §4).
struct HookRuleSpec {
    QString slug;
    QString event;
    QString command;
    QString matcher;
    int timeoutSeconds = 10;
};

/// @brief What an install or uninstall of a hook rule came to.
struct HookRuleOutcome {
    bool ok = false;
    QString error;
    QString detail;
};

/// @brief Hook rules: single agent hooks the backend adds to or removes from an agent's settings
/// file, each tagged `"_teamai": "[teamai:agent-hook:<slug>]"` and tracked in agent-hooks.json.
/// A re-install replaces the old entry (even in another event or file). Only tagged entries are
/// ours: an untagged hook, even one running the same command, and unrelated keys are never touched.
namespace hookrules {

/// @brief `[teamai:agent-hook:<slug>]`.
QString tagFor(const QString &slug);

/// @brief True when @p hook carries the tag of rule @p slug.
bool isTaggedAs(const QJsonObject &hook, const QString &slug);

/// @brief The hook object written into @p tool's settings for @p record (tag included).
QJsonObject hookObjectFor(const ToolInfo &tool, const HookRuleRecord &record);

/// @brief Makes @p record's hook the one tagged entry of its slug in `record.settingsPath`
/// (added once, replaced in place, or left alone when already right). No lock, no registry.
Status writeHook(const ToolInfo &tool, const HookRuleRecord &record);

/// @brief Removes every entry tagged as @p slug from @p settingsPath (a missing file is fine):
/// how many it removed. No lock, no registry.
Result<int> removeHook(const ToolInfo &tool, const QString &settingsPath, const QString &slug);

/// @brief Writes the rule into `<baseDir>/<tool hooks settings>`; @p scopeKey is recorded.
HookRuleOutcome install(const ToolInfo &tool, const QString &baseDir, const QString &scopeKey, const HookRuleSpec &spec);

/// @brief Removes the rule @p slug of @p tool wherever it was recorded, and any entry tagged
/// with it in the user-level settings (in case agent-hooks.json was lost). An unknown slug succeeds.
HookRuleOutcome uninstall(const ToolInfo &tool, const QString &slug);

/// @brief The rules agent-hooks.json lists for @p tool.
QList<HookRuleRecord> installed(const ToolInfo &tool);

/// @brief Every rule agent-hooks.json lists, all tools (for `teamai status` and the tray); fails
/// when the file cannot be read.
Result<QList<HookRuleRecord>> installedForAllTools();

/// @brief "active" (in its settings file) or "withdrawn" (taken out by the kill switch).
QString stateName(const HookRuleRecord &record);

} // namespace hookrules
} // namespace agenthooks
} // namespace teamai
