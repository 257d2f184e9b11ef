#include "cli/GlobalOptions.h"

namespace teamai::cli {

bool isGlobalOption(const QString &argument)
{
    return argument == QLatin1String("--dry-run") || argument == QLatin1String("-v") || argument == QLatin1String("--verbose");
}

QStringList withGlobalOptionsAfterCommand(const QStringList &arguments)
{
    qsizetype first = 0;
    while (first < arguments.size() && isGlobalOption(arguments.at(first)))
        ++first;
    const QStringList globals = arguments.mid(0, first);
    if (first >= arguments.size())
        return arguments;  // globals alone: the usage text, as with no command
    QString command = arguments.at(first);
    QStringList rest = arguments.mid(first + 1);
    if (command.startsWith(QLatin1String("--hook="))) {
        rest.prepend(command.mid(7));
        command = QStringLiteral("--hook");
    }
    return QStringList{command} + globals + rest;
}

bool isHookCommand(const QString &first)
{
    return first == QLatin1String("--hook") || first == QLatin1String("hook-dispatch");
}

} // namespace teamai::cli
