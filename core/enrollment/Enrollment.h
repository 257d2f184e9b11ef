#pragma once

#include "config/AgentSettings.h"
#include "config/TokenStore.h"
#include "util/Result.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace teamai {

struct ToolInfo;

/// @brief What to do with TeamAI's own MCP server (`teamai mcp`) in the agents' MCP files.
enum class EnrollmentMcp {
    Leave,       ///< not touched (`teamai init` without --mcp, first-run setup)
    Register,    ///< registered for each of the request's agents that has an MCP file
    Unregister,  ///< our entry removed wherever mcp-registration.json records one
};

/// @brief One setup of this machine: `teamai init`, the tray's first-run dialog and its Settings
/// all describe what they want with this and hand it to Enrollment::run().
struct EnrollmentRequest {
    QString endpoint;  ///< the backend URL (validated and normalized by run())
    /// The API token; empty: keep the saved one (carried over to a new endpoint, in the store it
    /// is in), else move one teamai-cli left into our store.
    QString token;
    TokenStore::Backend tokenStore = TokenStore::Backend::Auto;
    QList<const ToolInfo *> agents;  ///< whose dispatch hooks to install (and MCP server to register)
    EnrollmentMcp mcp = EnrollmentMcp::Leave;
    QString teamaiProgram;  ///< the absolute path of the `teamai` the hooks and the MCP entry run
};

/// @brief What happened to the token.
enum class TokenOutcome {
    Saved,        ///< the request's token was saved
    CarriedOver,  ///< the token saved for the previous endpoint now serves the new one
    Adopted,      ///< the token teamai-cli left (movedFrom) was moved into our store
    Kept,         ///< no new token: the saved one stays as it was
    Missing,      ///< no token anywhere: requests go out without one
};

struct EnrollmentToken {
    TokenOutcome outcome = TokenOutcome::Missing;
    AgentSettings::TokenLocation location = AgentSettings::TokenLocation::None;
    QString fallbackReason;  ///< why Auto did not use the credential store
    QString movedFrom;       ///< Adopted: the teamai-cli file it came from
};

/// @brief What happened in one agent's settings or MCP file.
struct EnrollmentStep {
    enum class Outcome {
        Written,      ///< changed (hooks installed, MCP server registered or removed)
        InPlace,      ///< already as wanted: nothing written
        UserOwned,    ///< MCP: a `teamai` server the user wrote is left alone
        Unsupported,  ///< this agent has no file TeamAI can write for it
        Failed,
    };
    const ToolInfo *tool = nullptr;
    Outcome outcome = Outcome::Failed;
    QString path;    ///< the file written or checked
    QString detail;  ///< MCP: the core's sentence about it
    QString error;
};

/// @brief What Enrollment::run() wrote where. When error is set, nothing was changed
/// (config.json is put back when the token could not be saved) and the lists are empty.
struct EnrollmentResult {
    /// @brief Where run() stopped with error set.
    enum class Stage { None, Request, Config, Token };
    QString error;
    Stage stoppedAt = Stage::None;
    QString endpoint;          ///< as saved in config.json
    QString previousEndpoint;  ///< config.json's endpoint before (empty: none)
    QString configPath;
    EnrollmentToken token;
    QList<EnrollmentStep> hooks;
    QList<EnrollmentStep> mcp;

    bool endpointChanged() const { return endpoint != previousEndpoint; }
    /// @brief Steps that failed, hooks first.
    QList<EnrollmentStep> failures() const;
    /// @brief No error and no failed step.
    bool ok() const { return error.isEmpty() && failures().isEmpty(); }
};

/// @brief The one setup sequence (docs/architecture.md "Enrollment"): check the request, save the
/// endpoint in config.json (a token there belongs to the old endpoint and goes), save or keep the
/// token, install each agent's dispatch hooks, then register or remove the MCP server. Blocking
/// (file I/O, a credential store that may take seconds): the tray calls it off the GUI thread.
class Enrollment
{
public:
    /// @brief Checks @p request and carries it out; see EnrollmentResult.
    static EnrollmentResult run(const EnrollmentRequest &request);

    /// @brief Fine when @p request can be carried out, else why not. Reads nothing but the
    /// program's file.
    static Status validate(const EnrollmentRequest &request);

    /// @brief Every agent whose own folder (~/.claude, ~/.codex…) exists, in the tool table's order:
    /// the agents set up when none is chosen.
    static QList<const ToolInfo *> agentsPresent();

    /// @brief The tools named @p names; an unknown name is a null entry, which validate() refuses.
    static QList<const ToolInfo *> agentsNamed(const QStringList &names);
};

} // namespace teamai
