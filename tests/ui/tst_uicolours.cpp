// No hard-coded colour in ui/ (issue 16 item 6): colours come from the palette, so the windows
// stay readable in dark themes. Looks for QColor literals, #rgb/#rrggbb in strings, Qt::red &
// co. and "color:"/"background:" style sheets that name a colour rather than a palette role.
// A status hue (red error, green success: no palette role has one) is computed in one place,
// windows/StatusColours.cpp, at a lightness read from the palette; nothing else computes a colour,
// and its colours are readable on light and dark windows.

#include "windows/StatusColours.h"

#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QtTest>

#include <cmath>

using namespace teamai::ui;

namespace {

const QRegularExpression &colourPattern()
{
    static const QRegularExpression pattern(QStringLiteral(
        "QColor\\s*\\(\\s*(0x|\\d|\"|Qt::)|QColor\\s*\\{|\"[^\"\\n]*#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?\\b[^\"\\n]*\"|"
        "\\bQt::(red|green|blue|yellow|black|white|gray|darkRed|darkGreen|darkBlue|darkYellow|cyan|magenta)\\b|"
        "(color|background)\\s*:(?!\\s*palette\\()"));
    return pattern;
}

// A colour built from numbers rather than taken from a palette.
const QRegularExpression &computedColourPattern()
{
    static const QRegularExpression pattern(QStringLiteral(
        "QColor::from(Rgb|Hsl|Hsv|Cmyk|String)|(\\.|->)set(Rgb|Hsl|Hsv|Cmyk|Red|Green|Blue|Hue)F?\\s*\\(|\\bq[Rr]gba?\\s*\\("));
    return pattern;
}

// WCAG 2 contrast ratio of two colours.
double contrast(const QColor &a, const QColor &b)
{
    const auto luminance = [](const QColor &c) {
        const auto channel = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
        return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
    };
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

} // namespace

class TestUiColours : public QObject
{
    Q_OBJECT
private slots:
    void noHardCodedColour()
    {
        // Only the status colours' helper computes a colour (from the palette it is given).
        const QString statusColours = QStringLiteral("windows/StatusColours.cpp");
        const QRegularExpression &colour = colourPattern();
        const QString root = QStringLiteral(TEAMAI_UI_SOURCE_DIR);
        QStringList found;
        int files = 0;
        QDirIterator it(root, {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            const QString relative = path.mid(root.size() + 1);
            ++files;
            QFile file(path);
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QStringList lines = QString::fromUtf8(file.readAll()).split(u'\n');
            for (int i = 0; i < lines.size(); ++i) {
                const bool computed = relative != statusColours && computedColourPattern().match(lines.at(i)).hasMatch();
                if (computed || colour.match(lines.at(i)).hasMatch())
                    found << QStringLiteral("%1:%2: %3").arg(relative).arg(i + 1).arg(lines.at(i).trimmed());
            }
        }
        QVERIFY(files > 20);
        QVERIFY2(found.isEmpty(), qPrintable(found.join(u'\n')));
    }

    void theCheckFindsAColour()
    {
        for (const char *offender : {"setStyleSheet(\"color: #b91c1c\")", "return QColor(0xb9, 0x1c, 0x1c);",
                                     "painter.setPen(Qt::red);", "label->setStyleSheet(\"background: white\")"})
            QVERIFY2(colourPattern().match(QString::fromLatin1(offender)).hasMatch(), offender);
        for (const char *fine : {"tr(\"Command #12 ran\")", "setStyleSheet(\"color: palette(mid)\")",
                                 "setBackgroundRole(QPalette::ToolTipBase);"})
            QVERIFY2(!colourPattern().match(QString::fromLatin1(fine)).hasMatch(), fine);
        for (const char *computed : {"return QColor::fromHslF(0.0f, 0.75f, 0.4f);", "colour.setRgb(10, 20, 30);", "qRgb(1, 2, 3)"})
            QVERIFY2(computedColourPattern().match(QString::fromLatin1(computed)).hasMatch(), computed);
        QVERIFY(!computedColourPattern().match(QStringLiteral("palette.setColor(QPalette::WindowText, errorColour(palette));")).hasMatch());
    }

    void statusColoursAreReadable_data()
    {
        QTest::addColumn<QColor>("window");
        QTest::newRow("light") << QColor::fromRgb(0xef, 0xef, 0xef);  // Fusion's light window
        QTest::newRow("white") << QColor::fromRgb(0xff, 0xff, 0xff);
        QTest::newRow("dark") << QColor::fromRgb(0x35, 0x35, 0x35);  // a Fusion dark window
        QTest::newRow("black") << QColor::fromRgb(0x1e, 0x1e, 0x1e);
    }

    void statusColoursAreReadable()
    {
        QFETCH(QColor, window);
        QPalette palette;
        palette.setColor(QPalette::Window, window);
        for (const QColor &colour : {errorColour(palette), successColour(palette)})
            QVERIFY2(contrast(colour, window) >= 4.5, qPrintable(QStringLiteral("%1 on %2: %3").arg(colour.name(), window.name())
                                                                    .arg(contrast(colour, window))));
        QVERIFY(errorColour(palette) != successColour(palette));
    }
};

QTEST_MAIN(TestUiColours)
#include "tst_uicolours.moc"
