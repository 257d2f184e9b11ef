#pragma once

#include "commands/ResourceKind.h"

#include <QJsonObject>
#include <QString>

#include <optional>

namespace teamai {

/// @brief One command pushed by the backend (SPEC §4), parsed once. Unknown fields are ignored;
/// the raw object is kept for the ledger.
struct Command {
    std::optional<qint64> id;  ///< nullopt when the backend sent no integer id (cannot be acked)
    QString type;
    QJsonObject raw;

    /// @brief A string field, trimmed; numbers are accepted and converted (backends differ).
    QString field(const QString &name) const;

    /// @brief Parses one element of a sync answer.
    static Command fromJson(const QJsonObject &object);
};

/// @brief Install or uninstall.
enum class ResourceAction { Install, Uninstall };

/// @brief How a command is handled, decided from its fields in SPEC §4 order.
struct CommandRoute {
    enum class Handler {
        RestrictedCmd,   ///< uninstall_teamai / cmd: run `cmd` restricted
        HookRule,        ///< install_hook_rule / uninstall_hook_rule
        Mcp,             ///< install_mcp / uninstall_mcp (`action` says which)
        ModelConfig,     ///< apply_model_config
        SkipHook,        ///< other handle_type == "hook": skipped, no ack
        Resource,        ///< skill / rule / claudemd install or uninstall
        Unsupported,     ///< acked failed "Unsupported command type: <type>"
    };
    Handler handler = Handler::Unsupported;
    ResourceKind kind = ResourceKind::Skill;
    ResourceAction action = ResourceAction::Install;
    bool hookRuleInstall = false;
};

/// @brief Applies the SPEC §4 dispatch rules to @p command.
CommandRoute routeCommand(const Command &command);

} // namespace teamai
