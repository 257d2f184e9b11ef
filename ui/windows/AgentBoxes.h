#pragma once

#include <QMap>
#include <QString>
#include <QStringList>

#include <functional>

class QCheckBox;
class QGridLayout;

namespace teamai {
struct ToolInfo;
}

namespace teamai::ui {

/// @brief The agents' checkboxes of the setup and Settings dialogs, by tool name.
using AgentBoxes = QMap<QString, QCheckBox *>;

/// @brief One checkbox per known tool in @p layout, three to a row, each set up by @p prepare (its
/// check, its tooltip). The layout's next free row is agentRowsEnd() of what it returns.
AgentBoxes addAgentBoxes(QGridLayout *layout, const std::function<void(QCheckBox *, const ToolInfo &)> &prepare);

/// @brief The first row of the layout below the boxes.
int agentRowsEnd(const AgentBoxes &boxes);

/// @brief The names of the checked boxes, in the tools' order.
QStringList checkedAgents(const AgentBoxes &boxes);

} // namespace teamai::ui
