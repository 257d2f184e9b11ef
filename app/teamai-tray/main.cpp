// teamai-tray: the desktop app. It drives the same core as the headless `teamai` (sync engine,
// ledger, kill switch) and has no sync logic of its own. Agent hooks never start it; `--hook`
// belongs to `teamai`.

#include "FirstRun.h"
#include "TrayCommandLine.h"
#include "app/SingleInstance.h"
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

} // namespace

int main(int argc, char **argv)
{
    // Refuse hook mode before any GUI start-up: an agent hook must run `teamai`, not us.
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg(argv[i]);
        if (arg == "--hook" || arg == "hook-dispatch") {
            std::fprintf(stderr, "teamai-tray: hook mode is handled by `teamai --hook …`, not by the tray app\n");
            return 2;
        }
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
    QCommandLineParser &parser = line.parser;
    const QCommandLineOption &show = line.show;
    const QCommandLineOption &status = line.status;
    const QCommandLineOption &quit = line.quit;
    const QCommandLineOption &noTray = line.noTray;
    parser.process(app);

    logging::install();
    app.setWindowIcon(TrayIconFactory::appIcon());

    SingleInstance instance;
    if (!instance.tryBecomePrimary()) {
        // Another tray runs for this user: hand the request over (raise its window) and leave.
        QJsonObject request{{QStringLiteral("cmd"), QStringLiteral("activate")}};
        if (parser.isSet(status))
            request = {{QStringLiteral("cmd"), QStringLiteral("status")}};
        else if (parser.isSet(quit))
            request = {{QStringLiteral("cmd"), QStringLiteral("quit")}};
        else if (parser.isSet(show))
            request = {{QStringLiteral("cmd"), QStringLiteral("show")}, {QStringLiteral("window"), parser.value(show)}};
        const QJsonObject answer = instance.send(request);
        if (answer.isEmpty()) {
            printLine(stderr, QStringLiteral("teamai-tray: another instance holds the lock but does not answer (%1)").arg(instance.error()));
            logging::shutdown();
            return 1;
        }
        if (parser.isSet(status))
            printLine(stdout, QString::fromUtf8(QJsonDocument(answer).toJson(QJsonDocument::Compact)));
        logging::shutdown();
        return answer.value(QStringLiteral("ok")).toBool() ? 0 : 1;
    }
    if (parser.isSet(status) || parser.isSet(quit)) {
        printLine(stderr, QStringLiteral("teamai-tray: not running"));
        logging::shutdown();
        return 1;
    }

    const AgentConfig::Loaded config = AgentConfig::load();
    if (!config.error.isEmpty()) {
        QMessageBox::critical(nullptr, QStringLiteral("TeamAI Agent"),
                              QCoreApplication::translate("TrayMain", "The agent configuration cannot be read:\n%1\n\n"
                                                                     "Fix or remove the file and start again.")
                                  .arg(config.error));
        logging::shutdown();
        return 1;
    }
    if (!runFirstRunIfNeeded(instance)) {
        logging::shutdown();
        return 0;
    }

    TrayController::Options options;
    options.forceNoTray = parser.isSet(noTray);
    TrayController controller(options);
    instance.setHandler([&controller](const QJsonObject &request) { return controller.handleMessage(request); });
    QObject::connect(&controller, &TrayController::quitRequested, &app, &QApplication::quit, Qt::QueuedConnection);
    controller.start();
    if (parser.isSet(show))
        controller.handleMessage({{QStringLiteral("cmd"), QStringLiteral("show")}, {QStringLiteral("window"), parser.value(show)}});

    const int result = app.exec();
    if (!controller.shutdown()) {
        // A round is stuck in the network: its results are safe in the ledger (an interrupted
        // command is reported at the next start), so leave without waiting for it.
        logging::shutdown();
        std::_Exit(result);
    }
    logging::shutdown();
    return result;
}
