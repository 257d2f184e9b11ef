#include "desktop/ResumeNotifier.h"

#include "log/Logging.h"

#include <QAbstractNativeEventFilter>
#include <QCoreApplication>

namespace teamai::ui {

ResumeNotifier::ResumeNotifier(QObject *parent)
    : QObject(parent)
{
    m_active = followPlatform();
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
