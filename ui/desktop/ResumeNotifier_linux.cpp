#include "desktop/ResumeNotifier.h"

#include <QDBusConnection>

namespace teamai::ui {

// logind's PrepareForSleep(false) on the system bus.
bool ResumeNotifier::followPlatform()
{
    QDBusConnection bus = QDBusConnection::systemBus();
    return bus.isConnected()
        && bus.connect(QStringLiteral("org.freedesktop.login1"), QStringLiteral("/org/freedesktop/login1"),
                       QStringLiteral("org.freedesktop.login1.Manager"), QStringLiteral("PrepareForSleep"), this,
                       SLOT(onPrepareForSleep(bool)));
}

} // namespace teamai::ui
