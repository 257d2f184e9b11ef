#pragma once

#include "util/Result.h"

#include <QByteArray>
#include <QString>

namespace teamai::mcp::safefile {

/// Largest MCP configuration or manifest read (`~/.claude.json` grows with the user's history).
inline constexpr qint64 kMaxFileBytes = 64 * 1024 * 1024;

/// @brief What readInside() found.
struct Read {
    bool ok = false;
    bool exists = false;
    QByteArray bytes;
    QString error;  ///< plain wording: a link out of @p base, unreadable, too large
};

/// @brief Reads @p path, which must lie inside @p base without a link leading out of it
/// (safepath::checkInside). A missing file is ok and empty.
Read readInside(const QString &base, const QString &path);

/// @brief Writes @p bytes to @p path atomically through safepath::writeFile: a new file is
/// owner-only (0600) and so is every folder this creates (0700); an existing file keeps its mode.
Status writeInside(const QString &base, const QString &path, const QByteArray &bytes);

} // namespace teamai::mcp::safefile
