#pragma once

class QNetworkAccessManager;

namespace teamai {

/// @brief Applies the proxy rules of SPEC §3 to @p manager: `HTTPS_PROXY`/`HTTP_PROXY`/`ALL_PROXY`
/// (either case) with `NO_PROXY` honoured per request; without them, the platform's system proxy
/// settings on macOS and Windows. On Linux the environment *is* the system configuration for a
/// command-line agent; we do not ask libproxy, which may query desktop services and stall a hook.
void configureProxy(QNetworkAccessManager &manager);

} // namespace teamai
