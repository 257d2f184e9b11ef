#include "TrayCommandLine.h"

#include "Version.h"

#include <QCoreApplication>

#include <cstdio>

namespace teamai::tray {

TrayCommandLine::TrayCommandLine()
{
    parser.setApplicationDescription(QStringLiteral("TeamAI Agent: tray app for syncing, remote commands and their history."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOptions({show, status, quit, noTray});
}

void setApplicationIdentity()
{
    QCoreApplication::setApplicationName(QStringLiteral("teamai-tray"));
    QCoreApplication::setApplicationVersion(QString::fromLatin1(kVersion));
}

bool answeredWithoutDisplay(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg(argv[i]);
        if (arg == "--")
            break;
        if (arg == "--help" || arg == "--help-all" || arg == "-h" || arg == "-?" || arg == "--version" || arg == "-v")
            return true;
    }
    // Anything else waits for QApplication, which first takes its own options (-platform …).
    return false;
}

int answerWithoutDisplay(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    setApplicationIdentity();
    TrayCommandLine line;
    // Qt's own options (-platform …) are unknown to this parser: they do not matter here.
    line.parser.parse(QCoreApplication::arguments());
    if (line.parser.isSet(QStringLiteral("version")))
        line.parser.showVersion();  // exits 0
    line.parser.showHelp(0);        // exits 0
}

} // namespace teamai::tray
