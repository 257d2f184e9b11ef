#pragma once

#include <QString>

class QLabel;

namespace teamai::ui {

/// @brief A hidden, red, word-wrapped label placed next to a field, for the message that says
/// why its input was refused (dialogs refuse bad input beside the field, not in a pop-up).
QLabel *createFieldErrorLabel();

/// @brief Shows @p message in @p label, or hides the label when the message is empty.
void showFieldError(QLabel *label, const QString &message);

} // namespace teamai::ui
