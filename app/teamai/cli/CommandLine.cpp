#include "cli/CommandLine.h"

namespace teamai::cli {

CommandLine::CommandLine(QSet<QString> valueOptions, QSet<QString> flagOptions, int maxPositionals)
    : m_valueOptions(std::move(valueOptions))
    , m_flagOptions(std::move(flagOptions))
    , m_maxPositionals(maxPositionals)
{
}

bool CommandLine::parse(const QStringList &arguments)
{
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString &arg = arguments.at(i);
        if (arg == QLatin1String("--help") || arg == QLatin1String("-h")) {
            m_help = true;
        } else if (arg == QLatin1String("-v") || arg == QLatin1String("--verbose")) {
            m_verbose = true;
        } else if (!arg.startsWith(QLatin1String("--")) || arg == QLatin1String("--")) {
            if (m_positionals.size() >= m_maxPositionals) {
                m_error = QStringLiteral("unexpected argument `%1`").arg(arg);
                return false;
            }
            m_positionals.append(arg);
        } else if (!parseOption(arguments, i)) {
            return false;
        }
    }
    return true;
}

bool CommandLine::parseOption(const QStringList &arguments, qsizetype &i)
{
    QString typed = arguments.at(i).mid(2);
    QString inlineValue;
    bool hasInline = false;
    if (const qsizetype eq = typed.indexOf(u'='); eq >= 0) {
        inlineValue = typed.mid(eq + 1);
        typed = typed.left(eq);
        hasInline = true;
    }
    const QString name = m_aliases.value(typed, typed);
    if (m_flagOptions.contains(name)) {
        if (hasInline) {
            m_error = QStringLiteral("option --%1 takes no value").arg(typed);
            return false;
        }
        m_flags.insert(name);
    } else if (m_valueOptions.contains(name)) {
        if (!hasInline) {
            if (i + 1 >= arguments.size() || arguments.at(i + 1).startsWith(QLatin1String("--"))) {
                m_error = QStringLiteral("option --%1 needs a value").arg(typed);
                return false;
            }
            inlineValue = arguments.at(++i);
        }
        m_values[name].append(inlineValue);
    } else if (typed == QLatin1String("dry-run")) {
        m_error = QStringLiteral("--dry-run is not supported here; nothing was changed");
        return false;
    } else {
        m_error = QStringLiteral("unknown option --%1").arg(typed);
        return false;
    }
    return true;
}

} // namespace teamai::cli
