#pragma once

#include <QString>

namespace teamai::resources {

/// Longest slug or version accepted. A name becomes one path component under a tool folder; on
/// Windows the whole path must stay short (MAX_PATH is 260), so no real slug needs more.
inline constexpr qsizetype kMaxNameLength = 128;
/// Longest excerpt of a refused name echoed in an error (a huge slug is not echoed whole).
inline constexpr qsizetype kMaxEchoedNameLength = 64;

/// @brief SPEC §4 slug check for every name that comes from the network and becomes part of a
/// path (slugs, skill folder names from front matter, rule files). Valid means: not empty, no
/// `/`, `\`, `..`, not absolute, plus what the SPEC leaves implicit but a file name needs on every
/// platform we ship to, so a backend cannot plant a name that breaks a Windows user's folder:
///  - at most kMaxNameLength UTF-16 units, well-formed UTF-16;
///  - no control or format characters (0x00–0x1F, 0x7F–0x9F, bidi overrides…);
///  - none of `<>:"|?*` (`:` is also Windows drive and stream syntax);
///  - no leading dot (our staging folders start with one) or `~`, no leading or trailing space,
///    no trailing dot (Windows strips both, so `name.` and `name` would collide);
///  - not a Windows device name (CON, PRN, AUX, NUL, COM0–9, LPT0–9, COM¹²³, LPT¹²³, CONIN$,
///    CONOUT$), in any case and with any extension (`con.txt`, `NUL .tar.gz`).
bool isValidSlug(const QString &slug);

/// @brief SPEC §4 "version likewise": a version (`*_version`, `resource_version`, `version`)
/// follows the slug rules above. A version is optional: callers check only a present one.
bool isValidVersion(const QString &version);

/// @brief True for a Windows reserved device name, with or without an extension (`CON`,
/// `con.txt`, `Com¹`). Exposed for the tests and the fuzz target.
bool isWindowsDeviceName(const QString &name);

/// @brief `Invalid resource slug: <slug>` (SPEC §5 wording); the slug is echoed shortened.
QString invalidSlugError(const QString &slug);

/// @brief `Invalid resource version: <version>`; the version is echoed shortened.
QString invalidVersionError(const QString &version);

/// @brief A refused name as it may be shown: at most kMaxEchoedNameLength characters plus `…`
/// when cut, control and format characters replaced by U+FFFD (no line breaks in logs).
QString echoedName(const QString &name);

} // namespace teamai::resources
