#include "net/ProxySetup.h"

#include <QNetworkAccessManager>
#include <QUrl>
#include <QtTest>

using namespace teamai;

/// configureProxy() and reachesDirectly(): the acks' own connection (Http1Connection) may only be
/// used where no proxy applies, so the answer must follow the environment's rules.
class TestProxySetup : public QObject
{
    Q_OBJECT
private:
    static bool direct(const char *url)
    {
        QNetworkAccessManager manager;
        configureProxy(manager);
        return reachesDirectly(manager, QUrl(QString::fromLatin1(url)));
    }

private slots:
    void init()
    {
        for (const char *name : {"HTTP_PROXY", "http_proxy", "HTTPS_PROXY", "https_proxy", "ALL_PROXY", "all_proxy",
                                 "NO_PROXY", "no_proxy"})
            qunsetenv(name);
    }

    void withoutProxyVariablesEverythingIsDirect()
    {
        QVERIFY(direct("http://backend.example/api"));
        QVERIFY(direct("https://backend.example/api"));
    }

    void aProxyVariableTakesItsScheme()
    {
        qputenv("HTTP_PROXY", "http://127.0.0.1:9");
        QVERIFY(!direct("http://backend.example/api"));
        QVERIFY(direct("https://backend.example/api"));
        qputenv("https_proxy", "127.0.0.1:9");
        QVERIFY(!direct("https://backend.example/api"));
    }

    void allProxyCoversBoth()
    {
        qputenv("ALL_PROXY", "socks5://127.0.0.1:9");
        QVERIFY(!direct("http://backend.example/api"));
        QVERIFY(!direct("https://backend.example/api"));
    }

    void loopbackAndNoProxyHostsAreDirect()
    {
        qputenv("ALL_PROXY", "http://127.0.0.1:9");
        qputenv("NO_PROXY", "intranet.example, .corp.example");
        QVERIFY(direct("http://127.0.0.1:8080/api"));
        QVERIFY(direct("http://localhost/api"));
        QVERIFY(direct("https://intranet.example/api"));
        QVERIFY(direct("https://teamai.corp.example/api"));
        QVERIFY(!direct("https://corp.example.org/api"));
    }

    void cleanupTestCase() { init(); }
};

QTEST_GUILESS_MAIN(TestProxySetup)
#include "tst_proxysetup.moc"
