#include "util/Redact.h"

#include <QRegularExpression>

namespace teamai {

QString redactSecrets(const QString &text)
{
    // Built once; the patterns are applied in order and each keeps its key visible.
    static const QRegularExpression bearer(QStringLiteral(R"re((\bBearer\s+)[^\s"',;]+)re"),
                                           QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression flag(QStringLiteral(R"re((--(?:token|api-token|password|secret)(?:=|\s+))[^\s"',;]+)re"),
                                         QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression pair(
        QStringLiteral(R"re(((?:[A-Za-z0-9_\-]*(?:token|secret|password|passwd|api[_-]?key)[A-Za-z0-9_\-]*)"?\s*[=:]\s*"?)[^\s"',;&]+)re"),
        QRegularExpression::CaseInsensitiveOption);
    QString out = text;
    out.replace(bearer, QStringLiteral("\\1***"));
    out.replace(flag, QStringLiteral("\\1***"));
    out.replace(pair, QStringLiteral("\\1***"));
    return out;
}

bool isCredentialName(const QString &name)
{
    for (const char *word : {"KEY", "SECRET", "TOKEN", "PASSWORD"}) {
        if (name.contains(QLatin1String(word), Qt::CaseInsensitive))
            return true;
    }
    return false;
}

} // namespace teamai
