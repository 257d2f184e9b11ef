#include "resources/ResourceNames.h"

#include <QDir>

namespace teamai::resources {

bool isValidSlug(const QString &slug)
{
    if (slug.isEmpty() || slug.size() > 200 || slug.trimmed() != slug)
        return false;
    if (slug.contains(u'/') || slug.contains(u'\\') || slug.contains(QLatin1String("..")) || slug.contains(u':'))
        return false;
    if (QDir::isAbsolutePath(slug) || slug.startsWith(u'.') || slug.startsWith(u'~'))
        return false;
    for (const QChar c : slug) {
        if (c.category() == QChar::Other_Control || c.category() == QChar::Other_Format)
            return false;
    }
    return true;
}

QString invalidSlugError(const QString &slug)
{
    return QStringLiteral("Invalid resource slug: %1").arg(slug);
}

} // namespace teamai::resources
