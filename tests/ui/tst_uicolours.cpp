// No hard-coded colour in ui/ (issue 16 item 6): colours come from the palette, so the windows
// stay readable in dark themes. Looks for QColor literals, #rgb/#rrggbb in strings, Qt::red &
// co. and "color:"/"background:" style sheets that name a colour rather than a palette role.

#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QtTest>

namespace {

const QRegularExpression &colourPattern()
{
    static const QRegularExpression pattern(QStringLiteral(
        "QColor\\s*\\(\\s*(0x|\\d|\"|Qt::)|QColor\\s*\\{|\"[^\"\\n]*#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?\\b[^\"\\n]*\"|"
        "\\bQt::(red|green|blue|yellow|black|white|gray|darkRed|darkGreen|darkBlue|darkYellow|cyan|magenta)\\b|"
        "(color|background)\\s*:(?!\\s*palette\\()"));
    return pattern;
}

} // namespace

class TestUiColours : public QObject
{
    Q_OBJECT
private slots:
    void noHardCodedColour()
    {
        // Files other helpers rework in issue 16 (items 1-4); the lead drops each from this
        // list once its colours come from the palette.
        const QStringList pending = {QStringLiteral("windows/SettingsDialog.cpp"), QStringLiteral("windows/FirstRunDialog.cpp"),
                                     QStringLiteral("windows/FieldError.cpp")};
        const QRegularExpression &colour = colourPattern();
        const QString root = QStringLiteral(TEAMAI_UI_SOURCE_DIR);
        QStringList found;
        int files = 0;
        QDirIterator it(root, {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            const QString relative = path.mid(root.size() + 1);
            if (pending.contains(relative))
                continue;
            ++files;
            QFile file(path);
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QStringList lines = QString::fromUtf8(file.readAll()).split(u'\n');
            for (int i = 0; i < lines.size(); ++i) {
                if (colour.match(lines.at(i)).hasMatch())
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
    }
};

QTEST_GUILESS_MAIN(TestUiColours)
#include "tst_uicolours.moc"
