#pragma once

#include <QCommandLineOption>
#include <QCommandLineParser>

namespace teamai::tray {

/// @brief teamai-tray's command line: one definition for the early check (no display needed)
/// and for the GUI start.
struct TrayCommandLine {
    QCommandLineParser parser;
    QCommandLineOption show{QStringLiteral("show"), QStringLiteral("Open a window: commands, history or settings."),
                            QStringLiteral("window")};
    QCommandLineOption status{QStringLiteral("status"), QStringLiteral("Print the running tray's status as JSON and exit.")};
    QCommandLineOption quit{QStringLiteral("quit"), QStringLiteral("Ask the running tray to quit.")};
    QCommandLineOption noTray{QStringLiteral("no-tray"), QStringLiteral("Run in a window, as where there is no system tray.")};

    TrayCommandLine();
};

/// @brief Sets the application's names and version (before any QCoreApplication exists too).
void setApplicationIdentity();

/// @brief `--help`, `--help-all`, `-h`, `-?`, `--version` or `-v` among the arguments: these are
/// answered on the terminal with a QCoreApplication only, so they work without a display (a
/// QApplication would abort first, with no X server). Other arguments, mistakes included, wait
/// for QApplication, which takes its own (`-platform`, `-display` …) out first.
bool answeredWithoutDisplay(int argc, char **argv);

/// @brief Answers them: prints help, the version or the parse error and returns the exit status.
int answerWithoutDisplay(int argc, char **argv);

} // namespace teamai::tray
