#include "windows/FieldError.h"

#include "windows/StatusColours.h"

#include <QColor>
#include <QLabel>
#include <QPalette>

namespace teamai::ui {
namespace {
constexpr int kLongRun = 24;  // characters without a space that may not fit a line
constexpr QChar kZeroWidthSpace(0x200B);

bool isSeparator(QChar c)
{
    return c == u'/' || c == u'.' || c == u'?' || c == u'&' || c == u'=' || c == u'-' || c == u'_' || c == u':' || c == u',';
}

} // namespace

QLabel *createFieldErrorLabel()
{
    auto *label = new QLabel;
    setErrorStyle(label);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->hide();
    return label;
}

void showFieldError(QLabel *label, const QString &message)
{
    label->setText(breakableText(message));
    label->setVisible(!message.isEmpty());
}

QString breakableText(const QString &text)
{
    QString out;
    out.reserve(text.size() + text.size() / 8);
    int run = 0;
    for (QChar c : text) {
        out += c;
        run = c.isSpace() ? 0 : run + 1;
        if (run >= kLongRun && (isSeparator(c) || run % kLongRun == 0)) {
            out += kZeroWidthSpace;
            run = 0;
        }
    }
    return out;
}

void setErrorStyle(QLabel *label, bool error)
{
    QPalette palette = label->palette();
    const QPalette defaults = label->parentWidget() ? label->parentWidget()->palette() : QPalette();
    palette.setColor(QPalette::WindowText, error ? errorColour(defaults) : defaults.color(QPalette::WindowText));
    label->setPalette(palette);
}

} // namespace teamai::ui
