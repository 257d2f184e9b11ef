#pragma once

#include <QString>

namespace teamai::resources {

/// @brief SPEC §4 slug check for every name that comes from the network and becomes part of a
/// path (slugs, skill folder names from front matter, rule files). Valid means: not empty, no
/// `/`, `\`, `..`, not absolute, plus what the SPEC leaves implicit but a file name needs — no
/// control characters, not `.`, no leading dot (our staging folders start with one), no `:`
/// (Windows drive and stream syntax), at most 200 characters.
bool isValidSlug(const QString &slug);

/// @brief `Invalid resource slug: <slug>` (SPEC §5 wording).
QString invalidSlugError(const QString &slug);

} // namespace teamai::resources
