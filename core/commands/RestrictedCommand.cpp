#include "commands/RestrictedCommand.h"

#include "commands/CommandTokenizer.h"
#include "commands/PushedAllowlist.h"
#include "util/Os.h"
#include "util/Paths.h"
#include "util/TextCap.h"

namespace teamai {

RestrictedCommand RestrictedCommand::parse(const QString &cmd)
{
    RestrictedCommand result;
    const TokenizedCommand tokenized = tokenizeCommand(cmd);
    switch (tokenized.error) {
    case TokenizedCommand::Error::Empty:
        result.rejection = QStringLiteral("Empty cmd");
        return result;
    case TokenizedCommand::Error::UnterminatedQuote:
        result.rejection = QStringLiteral("Unterminated quote in cmd");
        return result;
    case TokenizedCommand::Error::None:
        break;
    }
    const QString first = tokenized.tokens.first();
    if (first != QLatin1String("teamai")) {
        result.rejection = QStringLiteral("Rejected cmd: only \"teamai\" subcommands are allowed, got \"%1\"").arg(textcap::capToken(first));
        return result;
    }
    // Then the closed allowlist: refused here means nothing runs.
    const QStringList arguments = tokenized.tokens.mid(1);
    result.rejection = pushedallowlist::check(arguments).error();
    if (result.allowed())
        result.arguments = arguments;
    return result;
}

QString ownTeamaiExecutable()
{
    return paths::applicationDir() + u'/' + os::programFileName(QStringLiteral("teamai"));
}

} // namespace teamai
