#pragma once

#include <QString>

class QLabel;

namespace teamai::ui {

/// @brief A hidden, word-wrapped label in the error colour placed next to a field, for the message
/// that says why its input was refused (dialogs refuse bad input beside the field, not in a pop-up).
QLabel *createFieldErrorLabel();

/// @brief Shows @p message in @p label, or hides the label when the message is empty. Long words
/// (URLs, paths) get break opportunities so the message wraps inside the dialog instead of
/// widening it or being clipped.
void showFieldError(QLabel *label, const QString &message);

/// @brief @p text with zero-width break opportunities after separators in runs longer than a
/// line can be expected to hold.
QString breakableText(const QString &text);

/// @brief Gives @p label the error colour (StatusColours' errorColour of its parent's palette) (or, with @p error false, the palette's text colour).
void setErrorStyle(QLabel *label, bool error = true);

} // namespace teamai::ui
