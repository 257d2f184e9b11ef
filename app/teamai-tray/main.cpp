// teamai-tray: the desktop app. It drives the same core as the headless `teamai` (sync engine,
// ledger, kill switch) and has no sync logic of its own. Agent hooks never start it; `--hook`
// belongs to `teamai`.

#include "FirstRun.h"
#include "TrayCommandLine.h"
#include "desktop/SingleInstance.h"
#include "config/AgentConfig.h"
#include "i18n/Translations.h"
#include "log/Logging.h"
#include "tray/TrayController.h"
#include "tray/TrayIconFactory.h"

#include <QApplication>
#include <QJsonDocument>
#include <QMessageBox>

#include <cstdio>
#include <cstdlib>

using namespace teamai;
using namespace teamai::ui;
using namespace teamai::tray;

namespace {

void printLine(FILE *stream, const QString &text)
{
    std::fprintf(stream, "%s\n", text.toLocal8Bit().constData());
}

bool asksForHookMode(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg(argv[i]);
        if (arg == "--hook" || arg == "hook-dispatch")
            return true;
    }
    return false;
}

/// Another tray runs for this user: hand the request over (raise its window); the exit status.
int handOver(SingleInstance &instance, const TrayCommandLine &line)
{
    const QCommandLineParser &parser = line.parser;
    QJsonObject request{{QStringLiteral("cmd"), QStringLiteral("activate")}};
    if (parser.isSet(line.status))
        request = {{QStringLiteral("cmd"), QStringLiteral("status")}};
    else if (parser.isSet(line.quit))
        request = {{QStringLiteral("cmd"), QStringLiteral("quit")}};
    else if (parser.isSet(line.show))
        request = {{QStringLiteral("cmd"), QStringLiteral("show")}, {QStringLiteral("window"), parser.value(line.show)}};
    const QJsonObject answer = instance.send(request);
    if (answer.isEmpty()) {
        printLine(stderr, QStringLiteral("teamai-tray: another instance holds the lock but does not answer (%1)").arg(instance.error()));
        return 1;
    }
    if (parser.isSet(line.status))
        printLine(stdout, QString::fromUtf8(QJsonDocument(answer).toJson(QJsonDocument::Compact)));
    return answer.value(QStringLiteral("ok")).toBool() ? 0 : 1;
}

/// False, after saying so in a message box, when config.json cannot be read.
bool configurationReadable()
{
    const AgentConfig::Loaded config = AgentConfig::load();
    if (config.error.isEmpty())
        return true;
    QMessageBox::critical(nullptr, QStringLiteral("TeamAI Agent"),
                          QCoreApplication::translate("TrayMain", "The agent configuration cannot be read:\n%1\n\n"
                                                                 "Fix or remove the file and start again.")
                              .arg(config.error));
    return false;
}

/// The tray itself, until it quits; the exit status.
int runTray(QApplication &app, SingleInstance &instance, const TrayCommandLine &line)
{
    TrayController::Options options;
    options.forceNoTray = line.parser.isSet(line.noTray);
    TrayController controller(options);
    instance.setHandler([&controller](const QJsonObject &request) { return controller.handleMessage(request); });
    QObject::connect(&controller, &TrayController::quitRequested, &app, &QApplication::quit, Qt::QueuedConnection);
    controller.start();
    if (line.parser.isSet(line.show))
        controller.handleMessage({{QStringLiteral("cmd"), QStringLiteral("show")}, {QStringLiteral("window"), line.parser.value(line.show)}});

    const int result = app.exec();
    if (!controller.shutdown()) {
        // A round is stuck in the network: its results are safe in the ledger (an interrupted
        // command is reported at the next start), so leave without waiting for it.
        logging::shutdown();
        std::_Exit(result);
    }
    return result;
}

} // namespace

int main(int argc, char **argv)
{
    // Refuse hook mode before any GUI start-up: an agent hook must run `teamai`, not us.
    if (asksForHookMode(argc, argv)) {
        std::fprintf(stderr, "teamai-tray: hook mode is handled by `teamai --hook …`, not by the tray app\n");
        return 2;
    }

    // --help, --version and a wrong option need no display (and must not fail for want of one).
    if (answeredWithoutDisplay(argc, argv))
        return answerWithoutDisplay(argc, argv);

    QApplication app(argc, argv);
    setApplicationIdentity();
    QApplication::setApplicationDisplayName(QStringLiteral("TeamAI Agent"));
    QApplication::setDesktopFileName(QStringLiteral("teamai-tray"));
    QApplication::setQuitOnLastWindowClosed(false);
    i18n::installTranslations(app, QLocale::system());

    TrayCommandLine line;
    line.parser.process(app);

    logging::install();
    app.setWindowIcon(TrayIconFactory::appIcon());

    SingleInstance instance;
    int status = 0;
    if (!instance.tryBecomePrimary()) {
        status = handOver(instance, line);
    } else if (line.parser.isSet(line.status) || line.parser.isSet(line.quit)) {
        printLine(stderr, QStringLiteral("teamai-tray: not running"));
        status = 1;
    } else if (!configurationReadable()) {
        status = 1;
    } else if (runFirstRunIfNeeded(instance)) {
        status = runTray(app, instance, line);
    }
    logging::shutdown();
    return status;
}
