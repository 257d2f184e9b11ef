#include "windows/AgentBoxes.h"

#include "tools/ToolTable.h"

#include <QCheckBox>
#include <QGridLayout>

namespace teamai::ui {

AgentBoxes addAgentBoxes(QGridLayout *layout, const std::function<void(QCheckBox *, const ToolInfo &)> &prepare)
{
    AgentBoxes boxes;
    int i = 0;
    for (const ToolInfo &tool : knownTools()) {
        auto *box = new QCheckBox(tool.name);
        prepare(box, tool);
        boxes.insert(tool.name, box);
        layout->addWidget(box, i / 3, i % 3);
        ++i;
    }
    return boxes;
}

int agentRowsEnd(const AgentBoxes &boxes)
{
    return int(boxes.size() + 2) / 3;
}

QStringList checkedAgents(const AgentBoxes &boxes)
{
    QStringList agents;
    for (const ToolInfo &tool : knownTools()) {
        if (boxes.value(tool.name)->isChecked())
            agents << tool.name;
    }
    return agents;
}

} // namespace teamai::ui
