#include "cli/HookArguments.h"

#include "agenthooks/HookEvents.h"

#include <QSet>

namespace teamai::cli {
namespace {

/// Sets the value option @p name; false when @p name is not one.
bool setValue(HookArguments &args, const QString &name, const QString &value)
{
    if (name == QLatin1String("tool"))
        args.tool = value;
    else if (name == QLatin1String("matcher"))
        args.matcher = value;
    else if (name == QLatin1String("stdin-file"))
        args.stdinFile = value;
    else
        return false;
    return true;
}

/// Sets the flag @p name; false when @p name is not one. --stdin is accepted and changes nothing:
/// stdin is always read (unless --stdin-file), as in the reference.
bool setFlag(HookArguments &args, const QString &name)
{
    if (name == QLatin1String("bg-only"))
        args.bgOnly = true;
    else if (name == QLatin1String("dry-run"))
        args.dryRun = true;
    else if (name == QLatin1String("verbose"))
        args.verbose = true;
    else if (name != QLatin1String("stdin"))
        return false;
    return true;
}

bool isValueOption(const QString &name)
{
    return name == QLatin1String("tool") || name == QLatin1String("matcher") || name == QLatin1String("stdin-file");
}

/// One `--name[=value]` at @p i (may take the next argument as its value).
void parseLong(HookArguments &args, const QStringList &arguments, qsizetype &i)
{
    const QString &arg = arguments.at(i);
    QString name = arg.mid(2);
    const qsizetype eq = name.indexOf(u'=');
    const bool hasInline = eq >= 0;
    const QString inlineValue = hasInline ? name.mid(eq + 1) : QString();
    if (hasInline)
        name.truncate(eq);
    if (isValueOption(name)) {
        QString value = inlineValue;
        if (!hasInline && i + 1 < arguments.size() && !arguments.at(i + 1).startsWith(u'-'))
            value = arguments.at(++i);
        // A missing (or empty) value keeps the default: the round still runs.
        if (value.isEmpty())
            args.problems.append(QStringLiteral("--%1 without a value").arg(name));
        else
            setValue(args, name, value);
        return;
    }
    if (hasInline && (name == QLatin1String("stdin") || name == QLatin1String("bg-only") || name == QLatin1String("dry-run")
                      || name == QLatin1String("verbose"))) {
        args.problems.append(QStringLiteral("%1 (the flag takes no value)").arg(arg));
        return;
    }
    if (name == QLatin1String("help"))
        args.help = true;
    else if (!setFlag(args, name))
        args.unknown.append(arg);
}

} // namespace

HookArguments HookArguments::parse(const QStringList &arguments)
{
    HookArguments args;
    QStringList positionals;
    bool optionsEnded = false;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString &arg = arguments.at(i);
        if (optionsEnded || !arg.startsWith(u'-') || arg == QLatin1String("-")) {
            positionals.append(arg);
        } else if (arg == QLatin1String("--")) {
            optionsEnded = true;
        } else if (arg == QLatin1String("-h")) {
            args.help = true;
        } else if (arg == QLatin1String("-v")) {
            args.verbose = true;
        } else if (!arg.startsWith(QLatin1String("--"))) {
            args.unknown.append(arg);
        } else {
            parseLong(args, arguments, i);
        }
    }
    // `--bogus x stop`: x is the unknown option's value, not the event.
    qsizetype chosen = 0;
    for (qsizetype i = 0; i < positionals.size(); ++i) {
        if (agenthooks::dispatchEvents().contains(positionals.at(i))) {
            chosen = i;
            break;
        }
    }
    if (!positionals.isEmpty())
        args.event = positionals.takeAt(chosen);
    for (const QString &stray : positionals)
        args.problems.append(QStringLiteral("unexpected argument `%1`").arg(stray));
    return args;
}

QString HookArguments::ignoredSummary() const
{
    QStringList parts;
    if (!unknown.isEmpty())
        parts.append(QStringLiteral("unknown option(s) %1").arg(unknown.join(u' ')));
    parts += problems;
    if (parts.isEmpty())
        return {};
    return QStringLiteral("hook %1: ignored %2").arg(event, parts.join(QStringLiteral("; ")));
}

} // namespace teamai::cli
