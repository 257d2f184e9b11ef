#include "desktop/ResumeNotifier.h"

#include "log/Logging.h"

#include <QAbstractNativeEventFilter>
#include <QCoreApplication>

#if defined(Q_OS_LINUX)
#include <QDBusConnection>
#endif
#if defined(Q_OS_WIN)
#include <windows.h>
#endif

namespace teamai::ui {

class ResumeNotifier::NativeFilter : public QAbstractNativeEventFilter
{
public:
    explicit NativeFilter(ResumeNotifier *owner)
        : m_owner(owner)
    {
    }
    bool nativeEventFilter(const QByteArray &eventType, void *message, qintptr *) override
    {
#if defined(Q_OS_WIN)
        if (eventType == "windows_generic_MSG") {
            const MSG *msg = static_cast<const MSG *>(message);
            if (msg->message == WM_POWERBROADCAST && msg->wParam == PBT_APMRESUMEAUTOMATIC)
                emit m_owner->resumed();
        }
#else
        Q_UNUSED(eventType);
        Q_UNUSED(message);
#endif
        return false;
    }

private:
    ResumeNotifier *m_owner;
};

ResumeNotifier::ResumeNotifier(QObject *parent)
    : QObject(parent)
{
#if defined(Q_OS_WIN)
    m_filter = new NativeFilter(this);
    QCoreApplication::instance()->installNativeEventFilter(m_filter);
    m_active = true;
#elif defined(Q_OS_LINUX)
    QDBusConnection bus = QDBusConnection::systemBus();
    m_active = bus.isConnected()
        && bus.connect(QStringLiteral("org.freedesktop.login1"), QStringLiteral("/org/freedesktop/login1"),
                       QStringLiteral("org.freedesktop.login1.Manager"), QStringLiteral("PrepareForSleep"), this,
                       SLOT(onPrepareForSleep(bool)));
#endif
    qCInfo(lcSync) << "wake-up notifications" << (m_active ? "followed" : "not available on this system");
}

ResumeNotifier::~ResumeNotifier()
{
    if (m_filter) {
        QCoreApplication::instance()->removeNativeEventFilter(m_filter);
        delete m_filter;
    }
}

void ResumeNotifier::onPrepareForSleep(bool sleeping)
{
    if (!sleeping)
        emit resumed();
}

} // namespace teamai::ui
