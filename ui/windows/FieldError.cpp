#include "windows/FieldError.h"

#include <QLabel>

namespace teamai::ui {

QLabel *createFieldErrorLabel()
{
    auto *label = new QLabel;
    label->setStyleSheet(QStringLiteral("color: #b91c1c"));
    label->setWordWrap(true);
    label->hide();
    return label;
}

void showFieldError(QLabel *label, const QString &message)
{
    label->setText(message);
    label->setVisible(!message.isEmpty());
}

} // namespace teamai::ui
