#include "windows/ActionButtons.h"

#include <QHBoxLayout>
#include <QToolButton>

namespace teamai::ui {

QHBoxLayout *createActionButtonRow(const QList<QAction *> &actions, QList<QToolButton *> *buttons)
{
    auto *row = new QHBoxLayout;
    for (QAction *action : actions) {
        auto *button = new QToolButton;
        button->setDefaultAction(action);
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        row->addWidget(button);
        if (buttons)
            *buttons << button;
    }
    row->addStretch();
    return row;
}

} // namespace teamai::ui
