#include "desktop/ResumeNotifier.h"

#include <QAbstractNativeEventFilter>
#include <QCoreApplication>

#include <windows.h>

namespace teamai::ui {
namespace {

// WM_POWERBROADCAST / PBT_APMRESUMEAUTOMATIC. Not built on the Linux CI machines: review by reading.
class NativeFilter : public QAbstractNativeEventFilter
{
public:
    explicit NativeFilter(ResumeNotifier *owner)
        : m_owner(owner)
    {
    }
    bool nativeEventFilter(const QByteArray &eventType, void *message, qintptr *) override
    {
        if (eventType == "windows_generic_MSG") {
            const MSG *msg = static_cast<const MSG *>(message);
            if (msg->message == WM_POWERBROADCAST && msg->wParam == PBT_APMRESUMEAUTOMATIC)
                emit m_owner->resumed();
        }
        return false;
    }

private:
    ResumeNotifier *m_owner;
};

} // namespace

bool ResumeNotifier::followPlatform()
{
    m_filter = new NativeFilter(this);
    QCoreApplication::instance()->installNativeEventFilter(m_filter);
    return true;
}

} // namespace teamai::ui
