#include "resources/FrontMatter.h"

#include <QList>

namespace teamai {

QHash<QString, QString> parseFrontMatter(const QByteArray &markdown)
{
    QHash<QString, QString> fields;
    QByteArray text = markdown;
    if (text.startsWith("\xEF\xBB\xBF"))  // UTF-8 BOM
        text.remove(0, 3);
    const QList<QByteArray> lines = text.split('\n');
    if (lines.isEmpty() || lines.first().trimmed() != "---")
        return fields;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines.at(i).trimmed();
        if (line == "---")
            return fields;
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0 || line.startsWith('#'))
            continue;
        const QString key = QString::fromUtf8(line.left(colon)).trimmed();
        QString value = QString::fromUtf8(line.mid(colon + 1)).trimmed();
        if (value.size() >= 2 && (value.startsWith(u'"') || value.startsWith(u'\'')) && value.endsWith(value.front()))
            value = value.mid(1, value.size() - 2);
        if (!key.contains(u' '))
            fields.insert(key, value);
    }
    return {};  // no closing `---`: not front matter after all
}

} // namespace teamai
