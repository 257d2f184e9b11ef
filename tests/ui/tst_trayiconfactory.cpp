// Every state has its own icon, at the sizes trays ask for, and the app icon exists. With the
// symbolic style (TEAMAI_TRAY_ICON=symbolic, issue 16 item 8) the idle icon is the one-colour
// teamai-symbolic and every other state keeps its colour icon.

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

    void symbolicStyleIsMonochromeWhileIdleOnly()
    {
        const QIcon symbolic = TrayIconFactory::icon(TrayState::Idle, TrayIconStyle::Symbolic);
        QVERIFY(symbolic.isMask());
        const QImage image = symbolic.pixmap(32, 32).toImage().convertToFormat(QImage::Format_ARGB32);
        QCOMPARE(image.width(), 32);
        QSet<QRgb> colours;
        int opaque = 0;
        for (int y = 0; y < image.height(); ++y) {
            for (int x = 0; x < image.width(); ++x) {
                const QColor pixel = image.pixelColor(x, y);
                if (pixel.alpha() == 255) {
                    ++opaque;
                    colours.insert(pixel.rgb());
                }
            }
        }
        QVERIFY2(opaque > 50, "the symbolic icon draws something");
        QCOMPARE(colours.size(), 1);  // one colour, the panel may recolour it
        QVERIFY(image != TrayIconFactory::icon(TrayState::Idle, TrayIconStyle::Colour).pixmap(32, 32).toImage().convertToFormat(QImage::Format_ARGB32));

        for (const TrayState state : {TrayState::Syncing, TrayState::Error, TrayState::RemoteDisabled, TrayState::RemoteLocked,
                                      TrayState::CommandRunning}) {
            QCOMPARE(TrayIconFactory::icon(state, TrayIconStyle::Symbolic).pixmap(32, 32).toImage(),
                     TrayIconFactory::icon(state, TrayIconStyle::Colour).pixmap(32, 32).toImage());
        }
    }

    void theStyleComesFromTheEnvironmentValue()
    {
        QCOMPARE(TrayIconFactory::parseStyle(QStringLiteral("symbolic")), TrayIconStyle::Symbolic);
        QCOMPARE(TrayIconFactory::parseStyle(QStringLiteral(" Symbolic ")), TrayIconStyle::Symbolic);
        for (const char *other : {"", "colour", "color", "mono"})
            QCOMPARE(TrayIconFactory::parseStyle(QString::fromLatin1(other)), TrayIconStyle::Colour);
        // This test runs without TEAMAI_TRAY_ICON: the default is colour.
        QVERIFY(qEnvironmentVariableIsEmpty("TEAMAI_TRAY_ICON"));
        QCOMPARE(TrayIconFactory::style(), TrayIconStyle::Colour);
    }
};

QTEST_MAIN(TestTrayIconFactory)
#include "tst_trayiconfactory.moc"
