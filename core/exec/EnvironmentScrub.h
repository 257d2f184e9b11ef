#pragma once

#include <QProcessEnvironment>
#include <QString>

namespace teamai::exec {

/// @brief The child-environment scrub (SPEC §5, extended; docs/security.md lists it). A variable
/// is dropped when its name
/// - contains KEY, SECRET, TOKEN or PASSWORD (the SPEC list, isCredentialName),
/// - or contains CREDENTIAL, AUTH, PASS, COOKIE or SESSION,
/// - or has PAT as one of its `_`-separated parts (GITHUB_PAT, PAT_X; never PATH),
/// all case-insensitive, unless the name is one of the few harmless desktop-session names the
/// child needs (isKeptSessionName); or when its value holds a URL with a password
/// (`scheme://user:password@host`, e.g. DATABASE_URL).
bool isScrubbedVariable(const QString &name, const QString &value);

/// @brief DBUS_SESSION_BUS_ADDRESS (the Secret Service keychain `teamai uninstall` clears is
/// reached over it) and XDG_SESSION_TYPE / _ID / _CLASS / _DESKTOP: addresses and labels, no
/// secret, kept although they contain SESSION.
bool isKeptSessionName(const QString &name);

/// @brief True when @p value contains `scheme://user:password@…` (a non-empty password).
bool containsUrlWithPassword(const QString &value);

/// @brief @p base without the scrubbed variables.
QProcessEnvironment scrubEnvironment(const QProcessEnvironment &base);

} // namespace teamai::exec
