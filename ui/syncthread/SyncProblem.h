#pragma once

namespace teamai::ui {

/// @brief Why the last round failed, as far as the user can act on it (the tray's status line
/// and the action it offers).
enum class SyncProblem {
    None,           ///< the round worked
    Unreachable,    ///< no HTTP answer: network, DNS, refused, TLS, timeout → "Retry now"
    TokenRejected,  ///< 401/403 → "Enter a new token…"
    NotConfigured,  ///< no backend or settings to build an engine from → Settings
    Failed,         ///< anything else (an HTTP error, the ledger) → "Open log"
};

} // namespace teamai::ui
