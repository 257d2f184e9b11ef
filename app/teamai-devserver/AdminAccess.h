#pragma once

#include "HttpReply.h"

#include <QString>

#include <optional>

namespace teamai::devserver {

/// @brief Who may use the /admin/ API: a request whose Host header names a loopback address
/// (so a web page cannot reach it through DNS rebinding) and that carries the per-run admin
/// token in `X-Admin-Token`.
class AdminAccess
{
public:
    explicit AdminAccess(QString token);

    /// @brief A fresh random token (32 hex digits) for one run.
    static QString generateToken();

    /// @brief True when @p hostHeader is `127.0.0.1`, `localhost`, `[::1]` (or any loopback
    /// address), with or without a port.
    static bool isLoopbackHost(const QString &hostHeader);

    /// @brief The refusal for a request with these headers, or nullopt when it may pass:
    /// 403 for a non-loopback Host, 401 without a token, 403 for a wrong one.
    std::optional<HttpReply> refusal(const QString &hostHeader, const QString &tokenHeader) const;

private:
    const QString m_token;
};

} // namespace teamai::devserver
