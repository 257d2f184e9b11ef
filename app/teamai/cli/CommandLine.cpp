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
            continue;
        }
        if (arg == QLatin1String("-v") || arg == QLatin1String("--verbose")) {
            m_verbose = true;
            continue;
        }
        if (!arg.startsWith(QLatin1String("--")) || arg == QLatin1String("--")) {
            if (m_positionals.size() >= m_maxPositionals) {
                m_error = QStringLiteral("unexpected argument `%1`").arg(arg);
                return false;
            }
            m_positionals.append(arg);
            continue;
        }
        QString name = arg.mid(2);
        QString inlineValue;
        bool hasInline = false;
        if (const qsizetype eq = name.indexOf(u'='); eq >= 0) {
            inlineValue = name.mid(eq + 1);
            name = name.left(eq);
            hasInline = true;
        }
        if (m_flagOptions.contains(name)) {
            if (hasInline) {
                m_error = QStringLiteral("option --%1 takes no value").arg(name);
                return false;
            }
            m_flags.insert(name);
        } else if (m_valueOptions.contains(name)) {
            if (!hasInline) {
                if (i + 1 >= arguments.size() || arguments.at(i + 1).startsWith(QLatin1String("--"))) {
                    m_error = QStringLiteral("option --%1 needs a value").arg(name);
                    return false;
                }
                inlineValue = arguments.at(++i);
            }
            m_values[name].append(inlineValue);
        } else if (name == QLatin1String("dry-run")) {
            m_error = QStringLiteral("--dry-run is not supported here; nothing was changed");
            return false;
        } else {
            m_error = QStringLiteral("unknown option --%1").arg(name);
            return false;
        }
    }
    return true;
}

} // namespace teamai::cli
