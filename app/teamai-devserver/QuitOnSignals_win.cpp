#include "QuitOnSignals.h"

#include <QCoreApplication>
#include <QTimer>

#include <csignal>

namespace teamai::devserver {
namespace {

volatile std::sig_atomic_t stopRequested = 0;

void onSignal(int)
{
    stopRequested = 1;
}

} // namespace

// No self-pipe to watch here: the event loop looks at a flag ten times a second.
void quitOnSignals(QCoreApplication &app)
{
    std::signal(SIGTERM, onSignal);
    std::signal(SIGINT, onSignal);
    auto *poll = new QTimer(&app);
    QObject::connect(poll, &QTimer::timeout, &app, [] {
        if (stopRequested)
            QCoreApplication::quit();
    });
    poll->start(100);
}

} // namespace teamai::devserver
