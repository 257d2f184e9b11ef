#pragma once

#include "modelconfig/DeliveredModels.h"
#include "modelconfig/WriteOutcome.h"

#include <QString>
#include <QStringList>

namespace teamai::modelconfig {

/// @brief The model kind the reference gives a tool: `claude` (claude, claude-internal, tclaude:
/// all use ~/.claude), `codebuddy`, `workbuddy`; empty for a tool without model configuration.
QString kindOfTool(const QString &toolName);

/// @brief Whose models an apply is about.
struct ApplyTarget {
    QString kind;       ///< see kindOfTool()
    QString workspace;  ///< project scope (codebuddy/workbuddy only); empty: user scope
};

/// @brief The result of applyModels().
struct ApplyOutcome {
    bool ok = false;
    QString error;      ///< plain ack wording when !ok; nothing was changed by the failing step
    QStringList notes;  ///< what was left alone because it is the user's (said in the ack)
    QString detail;     ///< one line for logs (never a key)
};

/// @brief Applies @p delivery to @p target under the install lock: updates the providers and
/// the record in model-manifest.json and the tool's files (ClaudeGateway, BuddyModels), then
/// since-when (GatewaySince). An empty snapshot is the removal path — the tray's "Remove" too.
/// @p env looks variables up in the agent process's environment (default: this process's).
ApplyOutcome applyModels(const ApplyTarget &target, const Delivery &delivery, const EnvLookup &env = {});

/// @brief Removes what we configured for @p target: applyModels() with an empty snapshot.
ApplyOutcome removeModels(const ApplyTarget &target);

} // namespace teamai::modelconfig
