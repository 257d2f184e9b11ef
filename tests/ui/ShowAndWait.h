#pragma once

#include <QWidget>
#include <QtTest>

namespace teamai::test {

/// @brief Shows @p window and waits until it is exposed (the offscreen platform too): false when
/// it never was.
inline bool showAndWait(QWidget &window)
{
    window.show();
    return QTest::qWaitForWindowExposed(&window);
}

} // namespace teamai::test
