#pragma once

#include "util/Result.h"

#include <QString>
#include <QStringList>

namespace teamai::referencetoken {

/// @brief The plain-file token locations teamai-cli 0.25 reads and writes, which are also
/// TokenStore's file store (one layout, so either client can use the other's files):
///  - config.json `token` (`~/.teamai/local-agent/config.json`): what the reference's sync sends;
///  - `~/.teamai/token`: the bare token and a newline, mode 0600 (written by its `init --http`);
///  - `~/.teamai/apikey`: the same, read by its git-free HTTP mode and `TEAMAI_API_TOKEN` fallback.
/// Our releases before 0.25 compatibility wrote `~/.teamai/token` as a JSON map
/// `{endpoint: token}`; that is still read (for its endpoint) and rewritten bare on the next save.

/// @brief `$TEAMAI_HOME/token`.
QString tokenPath();
/// @brief `$TEAMAI_HOME/apikey`.
QString apiKeyPath();

/// @brief A token found in one of the files, and where.
struct Found {
    QString token;
    QString path;   ///< the file it came from (config.json, token or apikey)
    QString error;  ///< a file that exists but cannot be used (the search goes on)
};

/// @brief The first usable token for @p endpoint, in the reference's order of authority:
/// config.json `token` (when config.json names @p endpoint), the token file, the apikey file.
Found find(const QString &endpoint);

/// @brief Only config.json's `token` when config.json names @p endpoint (no other file is read).
QString configToken(const QString &endpoint);

/// @brief Writes @p token to all three places (config.json only when it names @p endpoint),
/// each atomically and owner-only (0600).
Status write(const QString &endpoint, const QString &token);

/// @brief Removes the token from all three places (the files are deleted, config.json keeps its
/// other fields). Missing files are fine.
Status clear();

/// @brief The files that currently hold a token (for uninstall's report and the tests).
QStringList holders();

} // namespace teamai::referencetoken
