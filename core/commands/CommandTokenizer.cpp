#include "commands/CommandTokenizer.h"

namespace teamai {

TokenizedCommand tokenizeCommand(QStringView cmd)
{
    TokenizedCommand result;
    QString current;
    bool inToken = false;     // an empty quoted string ('') still makes a token
    QChar openQuote;          // null when outside quotes

    for (const QChar c : cmd) {
        if (!openQuote.isNull()) {
            if (c == openQuote)
                openQuote = QChar();
            else
                current.append(c);
            continue;
        }
        if (c == u'\'' || c == u'"') {
            openQuote = c;
            inToken = true;
        } else if (c.isSpace()) {
            if (inToken) {
                result.tokens.append(current);
                current.clear();
                inToken = false;
            }
        } else {
            current.append(c);
            inToken = true;
        }
    }

    if (!openQuote.isNull()) {
        result.tokens.clear();
        result.error = TokenizedCommand::Error::UnterminatedQuote;
        return result;
    }
    if (inToken)
        result.tokens.append(current);
    if (result.tokens.isEmpty())
        result.error = TokenizedCommand::Error::Empty;
    return result;
}

} // namespace teamai
