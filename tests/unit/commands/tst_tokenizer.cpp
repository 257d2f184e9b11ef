#include "commands/CommandTokenizer.h"

#include "DataTable.h"

#include <QtTest>

using namespace teamai;

class TestTokenizer : public QObject
{
    Q_OBJECT
private slots:
    void splits_data()
    {
        QTest::addColumn<QString>("cmd");
        QTest::addColumn<QStringList>("tokens");
        QTest::newRow("plain") << QStringLiteral("teamai --version") << QStringList{QStringLiteral("teamai"), QStringLiteral("--version")};
        QTest::newRow("runs of whitespace") << QStringLiteral("  teamai \t uninstall\n--force ")
                                            << QStringList{QStringLiteral("teamai"), QStringLiteral("uninstall"), QStringLiteral("--force")};
        QTest::newRow("double quotes group") << QStringLiteral("teamai x \"a b  c\"")
                                             << QStringList{QStringLiteral("teamai"), QStringLiteral("x"), QStringLiteral("a b  c")};
        QTest::newRow("single quotes group") << QStringLiteral("teamai 'a \"b\" c'")
                                             << QStringList{QStringLiteral("teamai"), QStringLiteral("a \"b\" c")};
        QTest::newRow("quotes join with bare text") << QStringLiteral("teamai --agent=\"claude code\"x")
                                                    << QStringList{QStringLiteral("teamai"), QStringLiteral("--agent=claude codex")};
        QTest::newRow("empty quoted token") << QStringLiteral("teamai ''")
                                            << QStringList{QStringLiteral("teamai"), QString()};
        QTest::newRow("metacharacters are literal") << QStringLiteral("teamai --version; touch $HOME/x | cat && `id` $(id) <a >b")
                                                    << QStringList{QStringLiteral("teamai"), QStringLiteral("--version;"), QStringLiteral("touch"),
                                                                   QStringLiteral("$HOME/x"), QStringLiteral("|"), QStringLiteral("cat"),
                                                                   QStringLiteral("&&"), QStringLiteral("`id`"), QStringLiteral("$(id)"),
                                                                   QStringLiteral("<a"), QStringLiteral(">b")};
        QTest::newRow("backslash is ordinary") << QStringLiteral("teamai a\\ b \"c\\d\"")
                                               << QStringList{QStringLiteral("teamai"), QStringLiteral("a\\"), QStringLiteral("b"), QStringLiteral("c\\d")};
        QTest::newRow("globs are literal") << QStringLiteral("teamai *") << QStringList{QStringLiteral("teamai"), QStringLiteral("*")};
    }
    void splits()
    {
        QFETCH(QString, cmd);
        QFETCH(QStringList, tokens);
        const TokenizedCommand result = tokenizeCommand(cmd);
        QVERIFY(result.ok());
        QCOMPARE(result.tokens, tokens);
    }

    void rejectsUnterminatedQuotes_data() { test::loadTable(); }
    void rejectsUnterminatedQuotes()
    {
        QFETCH(QString, cmd);
        const TokenizedCommand result = tokenizeCommand(cmd);
        QCOMPARE(result.error, TokenizedCommand::Error::UnterminatedQuote);
        QVERIFY(result.tokens.isEmpty());
    }

    void rejectsEmpty_data()
    {
        QTest::addColumn<QString>("cmd");
        QTest::newRow("empty") << QString();
        QTest::newRow("spaces") << QStringLiteral("   \t\n ");
    }
    void rejectsEmpty()
    {
        QFETCH(QString, cmd);
        QCOMPARE(tokenizeCommand(cmd).error, TokenizedCommand::Error::Empty);
    }
};

QTEST_GUILESS_MAIN(TestTokenizer)
#include "tst_tokenizer.moc"
