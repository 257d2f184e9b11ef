#include "net/BackendRoutes.h"

#include <QtTest>

using namespace teamai;

class TestBackendRoutes : public QObject
{
    Q_OBJECT
private slots:
    void defaults()
    {
        const QJsonObject none;
        QCOMPARE(routeUrl(QStringLiteral("https://ai.example.test/"), none, Route::Report).toString(),
                 QStringLiteral("https://ai.example.test/api/local-agent/report"));
        QCOMPARE(routeUrl(QStringLiteral("https://ai.example.test//"), none, Route::Sync).toString(),
                 QStringLiteral("https://ai.example.test/api/local-agent/sync"));
        QCOMPARE(routeUrl(QStringLiteral("http://h:8080/base"), none, Route::Ack).toString(),
                 QStringLiteral("http://h:8080/base/api/local-agent/commands/ack"));
        QCOMPARE(routeUrl(QStringLiteral("http://h"), none, Route::GetConfig).toString(), QStringLiteral("http://h/api/local-agent/get-config"));
        QCOMPARE(routeUrl(QStringLiteral("http://h"), none, Route::Projects).toString(), QStringLiteral("http://h/api/projects/mine"));
    }

    void overrides()
    {
        const QJsonObject routes{{QStringLiteral("sync"), QStringLiteral("v2/sync")},
                                 {QStringLiteral("ack"), QStringLiteral("/v2/ack")},
                                 {QStringLiteral("report"), QStringLiteral("   ")}};
        QCOMPARE(routeUrl(QStringLiteral("http://h/"), routes, Route::Sync).toString(), QStringLiteral("http://h/v2/sync"));
        QCOMPARE(routeUrl(QStringLiteral("http://h/"), routes, Route::Ack).toString(), QStringLiteral("http://h/v2/ack"));
        QCOMPARE(routeUrl(QStringLiteral("http://h/"), routes, Route::Report).toString(), QStringLiteral("http://h/api/local-agent/report"));
        QCOMPARE(routeName(Route::GetConfig), QStringLiteral("getConfig"));
    }
};

QTEST_GUILESS_MAIN(TestBackendRoutes)
#include "tst_backendroutes.moc"
