#pragma once

#include <QMetaObject>
#include <QObject>
#include <QPointer>
#include <QThread>

#include <utility>

namespace teamai::ui {

/// @brief Runs @p work on a short-lived thread of its own and then @p done(result) on
/// @p context's thread — unless @p context was destroyed meanwhile. For the few blocking core
/// calls a window makes (a connection test, saving a token to a credential store that may take
/// a while to answer), so the window keeps painting. The thread deletes itself.
template<typename Work, typename Done>
void runInBackground(QObject *context, Work work, Done done)
{
    QPointer<QObject> guard(context);
    QThread *thread = QThread::create([guard, work = std::move(work), done = std::move(done)]() mutable {
        auto result = work();
        QObject *target = guard.data();
        if (!target)
            return;
        QMetaObject::invokeMethod(target, [guard, done = std::move(done), result = std::move(result)]() mutable {
            if (guard)
                done(std::move(result));
        });
    });
    QObject::connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    thread->start();
}

} // namespace teamai::ui
