// Help texts, man page, shell completion and version, checked against the real binary. The
// subcommands come from `teamai --help`, so a new subcommand is covered without editing this file:
// its `--help` must work and document every option its "Usage:" lines name, and the man page
// (resources/man/teamai.1.in) and the bash and zsh completion (resources/completions/) must have
// a section for it listing the same options.

#include "TeamaiRunner.h"
#include "TestEnvironment.h"

#include "Version.h"
#include "tools/ToolTable.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QtTest>

#include <memory>

using namespace teamai::test;

namespace {

/// @brief A `--help` text cut in two: the "Usage:" lines (the first one and the indented lines
/// that continue it) and the rest.
struct HelpText {
    QString usage;
    QString body;
};

HelpText splitHelp(const QString &help)
{
    HelpText text;
    const QStringList lines = help.split(u'\n');
    qsizetype i = 0;
    if (!lines.isEmpty() && lines.first().startsWith(QLatin1String("Usage:"))) {
        text.usage = lines.first();
        for (i = 1; i < lines.size() && lines.at(i).startsWith(u' '); ++i)
            text.usage += u'\n' + lines.at(i);
    }
    text.body = lines.mid(i).join(u'\n');
    return text;
}

/// @brief Every `--option` named in @p text, once each, sorted.
QStringList optionsIn(const QString &text)
{
    static const QRegularExpression option(QStringLiteral("(?<![\\w-])--[a-z][a-z0-9-]*"));
    QStringList options;
    for (const QRegularExpressionMatch &match : option.globalMatch(text))
        options.append(match.captured());
    options.removeDuplicates();
    options.sort();
    return options;
}

/// @brief The options a help body documents: those that begin an indented line ("  --json  …").
QStringList documentedOptions(const QString &body)
{
    static const QRegularExpression line(QStringLiteral("^\\s+(--[a-z][a-z0-9-]*)"),
                                         QRegularExpression::MultilineOption);
    QStringList options;
    for (const QRegularExpressionMatch &match : line.globalMatch(body))
        options.append(match.captured(1));
    options.removeDuplicates();
    options.sort();
    return options;
}

/// @brief The repository root: CTest gives every test TEAMAI_TEST_DATA_DIR = <root>/tests/data.
QString sourceFile(const QString &relativePath)
{
    const QString data = qEnvironmentVariable("TEAMAI_TEST_DATA_DIR");
    return QDir::cleanPath(data + QStringLiteral("/../../") + relativePath);
}

QString readSource(const QString &relativePath)
{
    QFile file(sourceFile(relativePath));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

/// @brief From @p text, the lines from the first matching @p start up to (not including) the next
/// matching @p end; empty when no line matches @p start.
QString section(const QString &text, const QRegularExpression &start, const QRegularExpression &end)
{
    const QStringList lines = text.split(u'\n');
    QStringList out;
    bool inside = false;
    for (const QString &line : lines) {
        if (!inside) {
            inside = start.match(line).hasMatch();
            if (inside)
                out.append(line);
            continue;
        }
        if (end.match(line).hasMatch())
            break;
        out.append(line);
    }
    return out.join(u'\n');
}

/// @brief What teamai.bash offers for the words after `teamai` (the last one being completed),
/// with the built binary as the command word, as bash would run it.
QStringList bashCompletion(const QStringList &words)
{
    QProcess bash;
    QStringList env = QProcess::systemEnvironment();
    env << QStringLiteral("TEAMAI_WORDS=") + words.join(u'\x1f');
    bash.setEnvironment(env);
    const QString script = QStringLiteral(
        "source \"$1\"; IFS=$'\\x1f' read -r -a rest <<< \"$TEAMAI_WORDS\"; "
        "COMP_WORDS=(\"$2\" \"${rest[@]}\"); [ \"${TEAMAI_WORDS: -1}\" = $'\\x1f' ] && COMP_WORDS+=(\"\"); "
        "COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _teamai; printf '%s\\n' \"${COMPREPLY[@]}\"");
    bash.start(QStringLiteral("/bin/bash"), {QStringLiteral("-c"), script, QStringLiteral("bash"),
                                              sourceFile(QStringLiteral("resources/completions/teamai.bash")),
                                              qEnvironmentVariable("TEAMAI_BIN")});
    if (!bash.waitForFinished(10000))
        return {QStringLiteral("bash did not finish")};
    return QString::fromUtf8(bash.readAllStandardOutput()).split(u'\n', Qt::SkipEmptyParts);
}

} // namespace

class TestHelpEndToEnd : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<TestEnvironment> m_env;
    QStringList m_commands;

    /// @brief The subcommands `teamai --help` lists under "Commands:".
    static QStringList listedCommands(const QByteArray &mainHelp)
    {
        static const QRegularExpression entry(QStringLiteral("^  ([a-z][a-z0-9-]*)\\s"));
        QStringList commands;
        bool inList = false;
        for (const QString &line : QString::fromUtf8(mainHelp).split(u'\n')) {
            if (line.startsWith(QLatin1String("Commands:"))) {
                inList = true;
                continue;
            }
            if (!inList)
                continue;
            if (line.trimmed().isEmpty())
                break;
            const QRegularExpressionMatch match = entry.match(line);
            if (match.hasMatch())
                commands.append(match.captured(1));
        }
        return commands;
    }

    static HelpText helpOf(const QString &command)
    {
        const TeamaiRun run = runTeamai({command, QStringLiteral("--help")});
        return splitHelp(QString::fromUtf8(run.out).trimmed());
    }

private slots:
    void initTestCase()
    {
        m_env = std::make_unique<TestEnvironment>();
        const TeamaiRun run = runTeamai({QStringLiteral("--help")});
        QCOMPARE(run.exitCode, 0);
        m_commands = listedCommands(run.out);
        QVERIFY2(m_commands.size() >= 8, run.out.constData());
        for (const char *expected : {"init", "sync", "status", "history", "remote-cmd", "doctor", "uninstall", "hook-dispatch"})
            QVERIFY2(m_commands.contains(QLatin1String(expected)), expected);
        QVERIFY(run.out.contains("--version"));
        QVERIFY(run.out.contains("--hook"));
        QVERIFY2(QFileInfo::exists(sourceFile(QStringLiteral("CMakeLists.txt"))), qPrintable(sourceFile(QStringLiteral("CMakeLists.txt"))));
    }
    void cleanupTestCase() { m_env.reset(); }

    void helpOnEverySubcommand_data()
    {
        QTest::addColumn<QString>("command");
        for (const QString &command : std::as_const(m_commands))
            QTest::newRow(qPrintable(command)) << command;
    }
    void helpOnEverySubcommand()
    {
        QFETCH(QString, command);
        const TeamaiRun run = runTeamai({command, QStringLiteral("--help")});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.err.isEmpty(), run.err.constData());
        const QString out = QString::fromUtf8(run.out).trimmed();
        const HelpText help = splitHelp(out);
        QVERIFY2(help.usage.startsWith(QLatin1String("Usage: teamai ")), qPrintable(out));
        QVERIFY2(help.usage.contains(command), qPrintable(help.usage));
        QVERIFY2(!help.body.trimmed().isEmpty(), "the help explains what the command does");

        // Each option the usage names is documented on a line of its own, and the body documents
        // no option the usage leaves out.
        const QStringList usageOptions = optionsIn(help.usage);
        const QStringList documented = documentedOptions(help.body);
        for (const QString &option : usageOptions)
            QVERIFY2(documented.contains(option), qPrintable(QStringLiteral("%1 is in the usage but not documented in:\n%2").arg(option, out)));
        for (const QString &option : documented)
            QVERIFY2(usageOptions.contains(option), qPrintable(QStringLiteral("%1 is documented but not in the usage:\n%2").arg(option, help.usage)));

        const TeamaiRun shortRun = runTeamai({command, QStringLiteral("-h")});
        QCOMPARE(shortRun.exitCode, 0);
        QCOMPARE(shortRun.out, run.out);
        QVERIFY2(!QFileInfo::exists(m_env->stateDir() + QStringLiteral("/config.json")), "--help changes nothing");
    }

    void documentationCoversEverySubcommand_data()
    {
        QTest::addColumn<QString>("document");
        QTest::addColumn<QString>("command");
        for (const char *document : {"man", "bash", "zsh"}) {
            for (const QString &command : std::as_const(m_commands))
                QTest::addRow("%s %s", document, qPrintable(command)) << QString::fromLatin1(document) << command;
        }
    }
    void documentationCoversEverySubcommand()
    {
        QFETCH(QString, document);
        QFETCH(QString, command);
        const QString name = QRegularExpression::escape(command);
        QString file;
        QString text;
        QString part;
        if (document == QLatin1String("man")) {
            // One ".SS" per subcommand, named "teamai <command> …"; roff writes "-" as "\-".
            file = QStringLiteral("resources/man/teamai.1.in");
            text = readSource(file).replace(QLatin1String("\\-"), QLatin1String("-"));
            part = section(text, QRegularExpression(QStringLiteral("^\\.SS \"teamai %1( |\")").arg(name)),
                           QRegularExpression(QStringLiteral("^\\.S[SH] ")));
        } else if (document == QLatin1String("bash")) {
            // The top-level word list names it; a `command)` branch up to `;;` lists its options.
            file = QStringLiteral("resources/completions/teamai.bash");
            text = readSource(file);
            const QRegularExpression nextBranch(QStringLiteral("^\\s*[a-z\"-]+\\)\\s*$|^\\s*esac"));
            const QString topLevel = section(text, QRegularExpression(QStringLiteral("^\\s*\"\"\\)")), nextBranch);
            QVERIFY2(topLevel.contains(QRegularExpression(QStringLiteral("[\" ]%1[\" ]").arg(name))), qPrintable(file + QStringLiteral(": top level lacks ") + command));
            part = section(text, QRegularExpression(QStringLiteral("^\\s*%1\\)").arg(name)), nextBranch);
        } else {
            // _teamai_commands describes it; a `(command)` branch up to `;;` lists its options.
            file = QStringLiteral("resources/completions/_teamai");
            text = readSource(file);
            QVERIFY2(text.contains(QRegularExpression(QStringLiteral("'%1:").arg(name))), qPrintable(file + QStringLiteral(": _teamai_commands lacks ") + command));
            part = section(text, QRegularExpression(QStringLiteral("^\\s*\\(%1\\)").arg(name)), QRegularExpression(QStringLiteral("^\\s*;;")));
        }
        QVERIFY2(!text.isEmpty(), qPrintable(sourceFile(file) + QStringLiteral(" cannot be read")));
        QVERIFY2(!part.isEmpty(), qPrintable(QStringLiteral("%1 has no section for `teamai %2`").arg(file, command)));
        for (const QString &option : optionsIn(helpOf(command).usage))
            QVERIFY2(part.contains(option), qPrintable(QStringLiteral("%1: the `teamai %2` section lacks %3").arg(file, command, option)));
        if (document != QLatin1String("man"))
            QVERIFY2(part.contains(QLatin1String("--help")), qPrintable(QStringLiteral("%1: the `teamai %2` section lacks --help").arg(file, command)));
    }

    void toolListsFollowTheToolTable()
    {
        // One list, the tool table's: help texts are generated from it, `--list-tools` prints it,
        // and the completions and man pages ask for it instead of keeping a copy.
        const TeamaiRun listed = runTeamai({QStringLiteral("--list-tools")});
        QCOMPARE(listed.exitCode, 0);
        QCOMPARE(QString::fromUtf8(listed.out).trimmed().split(u'\n'), teamai::knownToolNames());
        const QString help = QString::fromUtf8(runTeamai({QStringLiteral("sync"), QStringLiteral("--help")}).out).simplified();
        QVERIFY2(help.contains(teamai::knownToolList()), qPrintable(help));

        const QString copy = teamai::knownToolNames().mid(0, 3).join(u' ');  // "claude codex codebuddy"
        for (const char *file : {"resources/completions/teamai.bash", "resources/completions/_teamai",
                                 "resources/man/teamai.1.in", "resources/man/zh_CN/teamai.1.in"}) {
            const QString text = readSource(QString::fromLatin1(file));
            QVERIFY2(text.contains(QLatin1String("list\\-tools")) || text.contains(QLatin1String("--list-tools")), file);
            QVERIFY2(!text.contains(copy), qPrintable(QStringLiteral("%1 keeps its own copy of the tool list").arg(QLatin1String(file))));
            QVERIFY2(!text.contains(QLatin1String("claude, codex, codebuddy")) && !text.contains(QLatin1String("claude、codex、codebuddy")),
                     qPrintable(QStringLiteral("%1 keeps its own copy of the tool list").arg(QLatin1String(file))));
        }
    }

    void bashCompletesToolsFromTheBinary()
    {
        QCOMPARE(bashCompletion({QStringLiteral("sync"), QStringLiteral("--tool"), QString()}), teamai::knownToolNames());
        // init's list is comma-separated, under --tool and both its aliases.
        for (const char *option : {"--tool", "--agent", "--agents"}) {
            const QStringList offered = bashCompletion({QStringLiteral("init"), QString::fromLatin1(option), QStringLiteral("kiro,cod")});
            QVERIFY2(offered.contains(QLatin1String("kiro,codex")) && offered.contains(QLatin1String("kiro,codebuddy")),
                     qPrintable(offered.join(u' ')));
            QVERIFY2(!offered.contains(QLatin1String("kiro,claude")), qPrintable(offered.join(u' ')));
        }
    }

    void versionIsTheOneFromCMake()
    {
        const TeamaiRun run = runTeamai({QStringLiteral("--version")});
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(QString::fromUtf8(run.out).trimmed(), QStringLiteral("teamai %1").arg(QString::fromLatin1(teamai::kVersion)));

        const QString changelog = readSource(QStringLiteral("CHANGELOG.md"));
        const QRegularExpression heading(QStringLiteral("^## \\[%1\\] - \\d{4}-\\d{2}-\\d{2}$").arg(QRegularExpression::escape(QString::fromLatin1(teamai::kVersion))),
                                         QRegularExpression::MultilineOption);
        QVERIFY2(heading.match(changelog).hasMatch(),
                 qPrintable(QStringLiteral("CHANGELOG.md needs a \"## [%1] - YYYY-MM-DD\" section").arg(QString::fromLatin1(teamai::kVersion))));
        // The man pages take the version from CMake too, never a copy of it.
        for (const char *page : {"resources/man/teamai.1.in", "resources/man/teamai-tray.1.in"}) {
            const QString man = readSource(QString::fromLatin1(page));
            QVERIFY2(man.contains(QLatin1String("@PROJECT_VERSION@")), page);
        }
    }
};

QTEST_GUILESS_MAIN(TestHelpEndToEnd)
#include "tst_help_e2e.moc"
