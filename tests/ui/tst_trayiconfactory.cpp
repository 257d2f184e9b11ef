// Every state has its own icon, at the sizes trays ask for, and the app icon exists.

#include "tray/TrayIconFactory.h"

#include <QApplication>
#include <QtTest>

using namespace teamai::ui;

class TestTrayIconFactory : public QObject
{
    Q_OBJECT
private slots:
    void everyStateHasADistinctIcon()
    {
        const QList<TrayState> states = {TrayState::Idle, TrayState::Syncing, TrayState::Error,
                                         TrayState::RemoteDisabled, TrayState::RemoteLocked, TrayState::CommandRunning};
        QList<QImage> images;
        for (const TrayState state : states) {
            const QIcon icon = TrayIconFactory::icon(state);
            QVERIFY2(!icon.isNull(), qPrintable(trayStateName(state)));
            for (const int size : {16, 22, 32}) {
                const QPixmap pixmap = icon.pixmap(size, size);
                QVERIFY(!pixmap.isNull());
                QCOMPARE(pixmap.width(), size);
            }
            images.append(icon.pixmap(32, 32).toImage());
        }
        for (int i = 0; i < images.size(); ++i) {
            for (int j = i + 1; j < images.size(); ++j)
                QVERIFY2(images.at(i) != images.at(j), qPrintable(QStringLiteral("%1 == %2").arg(i).arg(j)));
        }
        QVERIFY(!TrayIconFactory::appIcon().isNull());
        QVERIFY(!TrayIconFactory::appIcon().pixmap(128, 128).isNull());
    }
};

QTEST_MAIN(TestTrayIconFactory)
#include "tst_trayiconfactory.moc"
