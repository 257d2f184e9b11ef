#include "net/ProxySetup.h"

#include "log/Logging.h"
#include "util/Os.h"

#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkProxyFactory>
#include <QStringList>
#include <QUrl>

#include <memory>

namespace teamai {
namespace {

QString envEither(const char *upper, const char *lower)
{
    const QString value = qEnvironmentVariable(upper);
    return value.isEmpty() ? qEnvironmentVariable(lower) : value;
}

QNetworkProxy proxyFromUrl(const QString &text)
{
    // "host:port" without a scheme is common in the wild; treat it as http.
    QUrl url(text.contains(QLatin1String("://")) ? text : QStringLiteral("http://") + text);
    if (!url.isValid() || url.host().isEmpty())
        return QNetworkProxy(QNetworkProxy::NoProxy);
    const auto type = url.scheme().startsWith(QLatin1String("socks")) ? QNetworkProxy::Socks5Proxy
                                                                      : QNetworkProxy::HttpProxy;
    return QNetworkProxy(type, url.host(), quint16(url.port(type == QNetworkProxy::Socks5Proxy ? 1080 : 80)),
                         url.userName(), url.password());
}

/// Chooses per request so NO_PROXY can exempt hosts (loopback is always exempt).
class EnvironmentProxyFactory : public QNetworkProxyFactory
{
public:
    EnvironmentProxyFactory(QNetworkProxy http, QNetworkProxy https, QStringList noProxy)
        : m_http(std::move(http)), m_https(std::move(https)), m_noProxy(std::move(noProxy))
    {
    }

    QList<QNetworkProxy> queryProxy(const QNetworkProxyQuery &query) override
    {
        const QString host = query.peerHostName().toLower();
        if (isExempt(host))
            return {QNetworkProxy(QNetworkProxy::NoProxy)};
        const bool https = query.protocolTag().compare(QLatin1String("https"), Qt::CaseInsensitive) == 0;
        return {https ? m_https : m_http};
    }

private:
    bool isExempt(const QString &host) const
    {
        if (host == QLatin1String("localhost") || host.startsWith(QLatin1String("127.")) || host == QLatin1String("::1"))
            return true;
        for (const QString &entry : m_noProxy) {
            if (entry == QLatin1String("*"))
                return true;
            const QString suffix = entry.startsWith(u'.') ? entry : QStringLiteral(".") + entry;
            if (host == entry || host.endsWith(suffix))
                return true;
        }
        return false;
    }

    QNetworkProxy m_http;
    QNetworkProxy m_https;
    QStringList m_noProxy;
};

} // namespace

void configureProxy(QNetworkAccessManager &manager)
{
    const QString all = envEither("ALL_PROXY", "all_proxy");
    QString http = envEither("HTTP_PROXY", "http_proxy");
    QString https = envEither("HTTPS_PROXY", "https_proxy");
    if (http.isEmpty())
        http = all;
    if (https.isEmpty())
        https = all;
    if (http.isEmpty() && https.isEmpty()) {
        if (os::hasSystemProxySettings()) {
            manager.setProxy(QNetworkProxy::DefaultProxy);
            QNetworkProxyFactory::setUseSystemConfiguration(true);
        } else {
            manager.setProxy(QNetworkProxy::NoProxy);
        }
        return;
    }
    QStringList noProxy;
    for (const QString &entry : envEither("NO_PROXY", "no_proxy").split(u',', Qt::SkipEmptyParts))
        noProxy.append(entry.trimmed().toLower());
    const QNetworkProxy httpProxy = http.isEmpty() ? QNetworkProxy(QNetworkProxy::NoProxy) : proxyFromUrl(http);
    const QNetworkProxy httpsProxy = https.isEmpty() ? QNetworkProxy(QNetworkProxy::NoProxy) : proxyFromUrl(https);
    qCDebug(lcNet) << "using proxy from the environment";
    manager.setProxyFactory(new EnvironmentProxyFactory(httpProxy, httpsProxy, noProxy));
}

bool reachesDirectly(const QNetworkAccessManager &manager, const QUrl &url)
{
    if (QNetworkProxyFactory *factory = manager.proxyFactory()) {
        const QList<QNetworkProxy> proxies = factory->queryProxy(QNetworkProxyQuery(url));
        return !proxies.isEmpty() && proxies.first().type() == QNetworkProxy::NoProxy;
    }
    return manager.proxy().type() == QNetworkProxy::NoProxy;
}

} // namespace teamai
