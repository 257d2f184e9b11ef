#include "commands/CommandTokenizer.h"

#include "DataTable.h"

#include <QtTest>

using namespace teamai;

class TestTokenizer : public QObject
{
    Q_OBJECT
private slots:
    void splits_data() { test::loadTable(); }
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

    void rejectsEmpty_data() { test::loadTable(); }
    void rejectsEmpty()
    {
        QFETCH(QString, cmd);
        QCOMPARE(tokenizeCommand(cmd).error, TokenizedCommand::Error::Empty);
    }
};

QTEST_GUILESS_MAIN(TestTokenizer)
#include "tst_tokenizer.moc"
