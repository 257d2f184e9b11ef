#pragma once

#include <QStringList>

namespace teamai::ui {

/// @brief The agents the tray syncs, in the tool table's order: those chosen in Settings (or at
/// first run), else those whose hooks `teamai init` installed in this HOME, else — with
/// @p orDefault — the default tool alone. Read from disk on every call (a CLI may change both).
QStringList syncedAgents(bool orDefault = true);

} // namespace teamai::ui
