#pragma once

#include "HttpReply.h"

#include <QString>
#include <QUrlQuery>

namespace teamai::devserver {

/// @brief Answers a GET under /download/ (no token, like a CDN): generated skill zips (good and
/// hostile), rule and claudemd Markdown, filler blobs and redirects. See README.md for the paths.
HttpReply downloadReply(const QString &path, const QUrlQuery &query);

} // namespace teamai::devserver
