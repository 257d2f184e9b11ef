#pragma once

class QNetworkAccessManager;
class QUrl;

namespace teamai {

/// @brief Applies the proxy rules of SPEC §3 to @p manager: `HTTPS_PROXY`/`HTTP_PROXY`/`ALL_PROXY`
/// (either case) with `NO_PROXY` honoured per request; without them, the platform's system proxy
/// settings on macOS and Windows. On Linux the environment *is* the system configuration for a
/// command-line agent; we do not ask libproxy, which may query desktop services and stall a hook.
void configureProxy(QNetworkAccessManager &manager);

/// @brief Whether @p manager reaches @p url without a proxy (after configureProxy()): no
/// factory or proxy of any kind applies to it.
bool reachesDirectly(const QNetworkAccessManager &manager, const QUrl &url);

} // namespace teamai
