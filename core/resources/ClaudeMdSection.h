#pragma once

#include <QByteArray>
#include <QMap>
#include <QString>

namespace teamai::resources {

/// @brief The TeamAI section of an agent's instruction file (SPEC §4): every claudemd block,
/// sorted by slug, between `<!-- [teamai:claudemd:start] -->` and `<!-- [teamai:claudemd:end] -->`.
/// Pure functions on bytes, so the byte-for-byte promises are easy to test.
namespace claudemd {

QByteArray startMarker();
QByteArray endMarker();

/// @brief Result of merge().
struct Merged {
    bool ok = false;
    QString error;
    QByteArray text;
};

/// @brief @p original with its TeamAI section set to @p blocks (slug → Markdown).
///
/// - Text outside the markers is kept byte for byte.
/// - No section yet: it is appended after one blank line (a newline is added first when the file
///   does not end with one).
/// - No blocks: the section is removed together with the blank line and newline it was added
///   with, so install + uninstall gives back the original file (one that did not end with a
///   newline keeps the newline added for it).
/// - A start marker without an end marker is an error: the file is not ours to guess about.
Merged merge(const QByteArray &original, const QMap<QString, QByteArray> &blocks);

/// @brief True when @p block contains one of the markers (it would corrupt the section).
bool containsMarker(const QByteArray &block);

} // namespace claudemd
} // namespace teamai::resources
