#include "commands/PushedAllowlist.h"

#include "commands/CommandState.h"
#include "tools/ToolTable.h"

#include <vector>

namespace teamai::pushedallowlist {
namespace {

/// What the value of an option must be; Flag takes none.
enum class Value { Flag, ToolName, Count, LedgerState, CommandType };

struct Option {
    const char *name;  ///< with its dashes: "--agent"
    Value value;
    const char *placeholder;  ///< for describe()
};

struct Entry {
    const char *subcommand;
    std::vector<Option> options;
};

// The whole allowlist. Nothing here may change the endpoint, the token, the kill switch, the
// agent list or the working folder, sync, or start a worker (SPEC §5).
const std::vector<Entry> &allowed()
{
    static const std::vector<Entry> table = {
        {"--version", {}},
        {"-V", {}},
        {"uninstall", {{"--agent", Value::ToolName, "AGENT"}, {"--force", Value::Flag, ""}}},
        {"status", {{"--json", Value::Flag, ""}}},
        {"doctor", {}},
        {"history",
         {{"--limit", Value::Count, "N"}, {"--state", Value::LedgerState, "S"}, {"--type", Value::CommandType, "T"},
          {"--json", Value::Flag, ""}}},
    };
    return table;
}

constexpr qsizetype kMaxEcho = 64;

/// A token as it may appear in an ack: capped, with control characters made visible.
QString echo(const QString &token)
{
    QString shown = token.left(kMaxEcho);
    for (QChar &c : shown) {
        if (!c.isPrint())
            c = u'?';
    }
    return token.size() > kMaxEcho ? shown + QStringLiteral("…") : shown;
}

bool isAsciiIdentifier(const QString &value, bool allowDash)
{
    if (value.isEmpty() || value.size() > kMaxEcho || value.front() == u'-')
        return false;
    for (const QChar c : value) {
        const char16_t u = c.unicode();
        const bool ok = (u >= u'a' && u <= u'z') || (u >= u'A' && u <= u'Z') || (u >= u'0' && u <= u'9') || u == u'_'
            || (allowDash && u == u'-');
        if (!ok)
            return false;
    }
    return true;
}

bool valueIsValid(Value kind, const QString &value)
{
    switch (kind) {
    case Value::Flag:
        return false;
    case Value::ToolName:
        return isAsciiIdentifier(value, true) && findTool(value) != nullptr;
    case Value::Count: {
        // Digits only (no sign, no spaces); the subcommand applies its own maximum.
        if (value.isEmpty() || value.size() > 7)
            return false;
        for (const QChar c : value) {
            if (c < u'0' || c > u'9')
                return false;
        }
        return value.toInt() >= 1;
    }
    case Value::LedgerState:
        return isAsciiIdentifier(value, false) && stateFromName(value).has_value();
    case Value::CommandType:
        return isAsciiIdentifier(value, false);
    }
    return false;
}

const Entry *findEntry(const QString &subcommand)
{
    for (const Entry &entry : allowed()) {
        if (subcommand == QLatin1String(entry.subcommand))
            return &entry;
    }
    return nullptr;
}

const Option *findOption(const Entry &entry, const QString &name)
{
    for (const Option &option : entry.options) {
        if (name == QLatin1String(option.name))
            return &option;
    }
    return nullptr;
}

QString refusedOption(const QString &option, const QString &invocation)
{
    return QStringLiteral("Rejected cmd: option \"%1\" of \"%2\" is not allowed from the backend").arg(echo(option), invocation);
}

/// Checks the options after an allowed subcommand, consuming a value where the table wants one.
Status checkOptions(const Entry &entry, const QStringList &rest, const QString &invocation)
{
    QStringList seen;
    for (qsizetype i = 0; i < rest.size(); ++i) {
        const QString &arg = rest.at(i);
        if (!arg.startsWith(u'-') || arg == QLatin1String("-"))
            return Error{QStringLiteral("Rejected cmd: argument \"%1\" of \"%2\" is not allowed from the backend").arg(echo(arg), invocation)};
        const qsizetype eq = arg.indexOf(u'=');
        const QString name = eq < 0 ? arg : arg.left(eq);
        const Option *option = findOption(entry, name);
        if (!option)
            return Error{refusedOption(name, invocation)};
        if (seen.contains(name))
            return Error{QStringLiteral("Rejected cmd: option \"%1\" of \"%2\" is given more than once").arg(name, invocation)};
        seen.append(name);
        if (option->value == Value::Flag) {
            if (eq >= 0)
                return Error{QStringLiteral("Rejected cmd: option \"%1\" of \"%2\" takes no value").arg(name, invocation)};
            continue;
        }
        QString value;
        if (eq >= 0)
            value = arg.mid(eq + 1);
        else if (i + 1 < rest.size())
            value = rest.at(++i);
        else
            return Error{QStringLiteral("Rejected cmd: option \"%1\" of \"%2\" needs a value").arg(name, invocation)};
        if (!valueIsValid(option->value, value))
            return Error{QStringLiteral("Rejected cmd: value \"%1\" of option \"%2\" of \"%3\" is not allowed from the backend")
                .arg(echo(value), name, invocation)};
    }
    return {};
}

} // namespace

Status check(const QStringList &arguments)
{
    const QString subcommand = arguments.value(0);
    const QString invocation = subcommand.isEmpty() ? QStringLiteral("teamai") : QStringLiteral("teamai ") + echo(subcommand);
    const Entry *entry = findEntry(subcommand);
    if (!entry)
        return Error{QStringLiteral("Rejected cmd: \"%1\" is not allowed from the backend").arg(invocation)};
    return checkOptions(*entry, arguments.mid(1), invocation);
}

QStringList describe()
{
    QStringList lines;
    for (const Entry &entry : allowed()) {
        QString line = QStringLiteral("teamai ") + QLatin1String(entry.subcommand);
        for (const Option &option : entry.options) {
            line += option.value == Value::Flag ? QStringLiteral(" [%1]").arg(QLatin1String(option.name))
                                                : QStringLiteral(" [%1 %2]").arg(QLatin1String(option.name), QLatin1String(option.placeholder));
        }
        lines.append(line);
    }
    return lines;
}

} // namespace teamai::pushedallowlist
