#pragma once

class QCoreApplication;

namespace teamai::devserver {

/// @brief SIGTERM and SIGINT (Ctrl+C) quit @p app's event loop cleanly (QuitOnSignals_posix.cpp,
/// QuitOnSignals_win.cpp).
void quitOnSignals(QCoreApplication &app);

} // namespace teamai::devserver
