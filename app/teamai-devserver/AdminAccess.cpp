#include "AdminAccess.h"

#include <QHostAddress>
#include <QRandomGenerator>

namespace teamai::devserver {

namespace {

/// Compares without stopping at the first difference, so timing says nothing about the token.
bool sameToken(const QByteArray &a, const QByteArray &b)
{
    if (a.size() != b.size())
        return false;
    unsigned char diff = 0;
    for (qsizetype i = 0; i < a.size(); ++i)
        diff |= static_cast<unsigned char>(a.at(i) ^ b.at(i));
    return diff == 0;
}

bool isPort(const QString &text)
{
    if (text.isEmpty() || text.size() > 5)
        return false;
    for (const QChar c : text) {
        if (c < u'0' || c > u'9')
            return false;
    }
    return true;
}

} // namespace

AdminAccess::AdminAccess(QString token)
    : m_token(std::move(token))
{
}

QString AdminAccess::generateToken()
{
    QByteArray bytes(16, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(bytes.data()), bytes.size() / 4);
    return QString::fromLatin1(bytes.toHex());
}

bool AdminAccess::isLoopbackHost(const QString &hostHeader)
{
    const QString host = hostHeader.trimmed();
    QString name;
    QString port;
    if (host.startsWith(u'[')) {
        const qsizetype close = host.indexOf(u']');
        if (close < 0)
            return false;
        name = host.mid(1, close - 1);
        const QString rest = host.mid(close + 1);
        if (!rest.isEmpty() && !rest.startsWith(u':'))
            return false;
        port = rest.mid(1);
        if (rest.startsWith(u':') && !isPort(port))
            return false;
    } else {
        if (host.count(u':') > 1)
            return false; // a bare IPv6 address is not a valid Host header
        const qsizetype colon = host.indexOf(u':');
        name = colon < 0 ? host : host.left(colon);
        if (colon >= 0 && !isPort(host.mid(colon + 1)))
            return false;
    }
    if (name.compare(QLatin1String("localhost"), Qt::CaseInsensitive) == 0)
        return true;
    // Only literal addresses: any other name may resolve anywhere (DNS rebinding).
    QHostAddress address;
    return address.setAddress(name) && address.isLoopback();
}

std::optional<HttpReply> AdminAccess::refusal(const QString &hostHeader, const QString &tokenHeader) const
{
    if (!isLoopbackHost(hostHeader))
        return HttpReply::error(403, QStringLiteral("the admin API answers requests for a loopback Host only"));
    if (tokenHeader.isEmpty())
        return HttpReply::error(401, QStringLiteral("the admin API needs the X-Admin-Token header (printed at start)"));
    if (!sameToken(tokenHeader.toUtf8(), m_token.toUtf8()))
        return HttpReply::error(403, QStringLiteral("wrong admin token"));
    return std::nullopt;
}

} // namespace teamai::devserver
