#pragma once

#include <QHash>
#include <QSet>
#include <QString>
#include <QStringList>

namespace teamai::cli {

/// @brief A small, strict option parser for subcommands: `--name value`, `--name=value` and
/// boolean `--flag`; a value option given twice keeps both (values()), value() is the last.
/// `-v`/`--verbose` (teamai-cli's global option) is accepted by every command. Unknown options,
/// missing values and stray arguments are errors, so a typo never silently does something else. (QCommandLineParser wants to own the whole process's
/// arguments and prints its own errors; subcommands need neither.)
class CommandLine
{
public:
    CommandLine(QSet<QString> valueOptions, QSet<QString> flagOptions, int maxPositionals = 0);

    /// @brief `--alias` is read as `--name` (an old or the reference client's spelling of an
    /// option): isSet(), value() and values() know only @p name; errors show what was typed.
    void addAlias(const QString &alias, const QString &name) { m_aliases.insert(alias, name); }

    /// @brief Parses @p arguments; false with error() set on bad input.
    bool parse(const QStringList &arguments);

    QString error() const { return m_error; }
    bool isSet(const QString &name) const { return m_flags.contains(name) || m_values.contains(name); }
    QString value(const QString &name) const { return m_values.value(name).value(m_values.value(name).size() - 1); }
    QStringList values(const QString &name) const { return m_values.value(name); }
    QStringList positionals() const { return m_positionals; }
    bool helpRequested() const { return m_help; }
    bool verboseRequested() const { return m_verbose; }

private:
    /// @brief One `--name[=value]` at @p i (which moves past a separate value); false on an error.
    bool parseOption(const QStringList &arguments, qsizetype &i);

    QSet<QString> m_valueOptions;
    QSet<QString> m_flagOptions;
    int m_maxPositionals;
    QHash<QString, QString> m_aliases;
    QHash<QString, QStringList> m_values;
    QSet<QString> m_flags;
    QStringList m_positionals;
    QString m_error;
    bool m_help = false;
    bool m_verbose = false;
};

} // namespace teamai::cli
