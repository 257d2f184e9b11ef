#pragma once

#include <QHash>
#include <QString>

namespace teamai {

/// @brief The simple `key: value` pairs of a Markdown file's YAML front matter (between the
/// first two `---` lines). Quotes around values are removed; nested YAML is not interpreted.
QHash<QString, QString> parseFrontMatter(const QByteArray &markdown);

} // namespace teamai
