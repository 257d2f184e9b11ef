#include "windows/WindowFit.h"

#include "tray/TrayIconFactory.h"

#include <algorithm>

#include <QGuiApplication>
#include <QPoint>
#include <QScreen>
#include <QShortcut>
#include <QWidget>

namespace teamai::ui {
namespace {
constexpr int kScreenMargin = 32;  // room for the window frame and a panel the screen reports late
}

void fitToScreen(QWidget *window, QSize preferred)
{
    QScreen *screen = window->screen() ? window->screen() : QGuiApplication::primaryScreen();
    if (!screen) {
        window->resize(preferred);
        return;
    }
    const QRect available = screen->availableGeometry();
    const QSize room(std::max(available.width() - kScreenMargin, 200), std::max(available.height() - kScreenMargin, 150));
    const QSize size = preferred.boundedTo(room).expandedTo(window->minimumSizeHint().boundedTo(room));
    window->resize(size);
    window->move(available.center() - QPoint(size.width() / 2, size.height() / 2));
}

void fitHeight(QWidget *window, int height)
{
    QScreen *screen = window->screen() ? window->screen() : QGuiApplication::primaryScreen();
    if (!screen) {
        window->resize(window->width(), height);
        return;
    }
    const QRect available = screen->availableGeometry();
    window->resize(window->width(), std::min(height, std::max(available.height() - kScreenMargin, 150)));
    const int overflow = window->frameGeometry().bottom() - available.bottom();
    if (overflow > 0 && window->isVisible())
        window->move(window->x(), std::max(available.top(), window->y() - overflow));
}

void addCloseShortcut(QWidget *window)
{
    auto *shortcut = new QShortcut(QKeySequence::Close, window);
    shortcut->setContext(Qt::WindowShortcut);
    QObject::connect(shortcut, &QShortcut::activated, window, &QWidget::close);
}

void setUpWindow(QWidget *window, const QString &title)
{
    window->setWindowTitle(title);
    window->setWindowIcon(TrayIconFactory::appIcon());
    addCloseShortcut(window);
}

} // namespace teamai::ui
