#include "cli/HookArguments.h"

#include "agenthooks/HookEvents.h"

#include <QSet>

#include <algorithm>
#include <iterator>

namespace teamai::cli {
namespace {

/// The options that take a value, and the member each sets.
const struct {
    const char *name;
    QString HookArguments::*member;
} kValueOptions[] = {{"tool", &HookArguments::tool}, {"matcher", &HookArguments::matcher}, {"stdin-file", &HookArguments::stdinFile}};

/// The flags, and the member each sets. --stdin is accepted and changes nothing: stdin is always
/// read (unless --stdin-file), as in the reference.
const struct {
    const char *name;
    bool HookArguments::*member;
} kFlags[] = {{"bg-only", &HookArguments::bgOnly}, {"dry-run", &HookArguments::dryRun},
              {"verbose", &HookArguments::verbose}, {"stdin", nullptr}};

/// The member the value option @p name sets, or null when @p name is not one.
QString HookArguments::*valueMember(const QString &name)
{
    for (const auto &option : kValueOptions) {
        if (name == QLatin1String(option.name))
            return option.member;
    }
    return nullptr;
}

bool isFlag(const QString &name)
{
    return std::any_of(std::begin(kFlags), std::end(kFlags), [&name](const auto &flag) { return name == QLatin1String(flag.name); });
}

/// Sets the flag @p name; false when @p name is not one.
bool setFlag(HookArguments &args, const QString &name)
{
    for (const auto &flag : kFlags) {
        if (name != QLatin1String(flag.name))
            continue;
        if (flag.member)
            args.*flag.member = true;
        return true;
    }
    return false;
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
    if (QString HookArguments::*const member = valueMember(name)) {
        QString value = inlineValue;
        if (!hasInline && i + 1 < arguments.size() && !arguments.at(i + 1).startsWith(u'-'))
            value = arguments.at(++i);
        // A missing (or empty) value keeps the default: the round still runs.
        if (value.isEmpty())
            args.problems.append(QStringLiteral("--%1 without a value").arg(name));
        else
            args.*member = value;
        return;
    }
    if (hasInline && isFlag(name)) {
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
