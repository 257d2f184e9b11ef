#include "config/TokenCache.h"

namespace teamai {

// Every system but Linux (chosen by CMakeLists.txt): the session token cache lives on Linux's
// tmpfs runtime folder only (docs/security.md); here the keychain is asked every time. Not built
// on the Linux CI machines: review by reading.
Result<QString> TokenCache::path()
{
    return Error{QStringLiteral("the session token cache is used on Linux only")};
}

std::optional<QString> TokenCache::read(const QString &, const QString &)
{
    return std::nullopt;
}

Status TokenCache::write(const QString &, const QString &, const QString &)
{
    return Error{path().error()};
}

void TokenCache::drop() {}

} // namespace teamai
