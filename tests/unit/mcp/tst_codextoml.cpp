// Codex's config.toml: TeamAI's server is one `[mcp_servers.<name>]` block, found, replaced and
// removed as the reference does it, without touching anything else — and the user's servers are
// found however they are written.

#include "mcp/CodexToml.h"

#include <QtTest>

using namespace teamai::mcp;

namespace {

const QString kBlock = QStringLiteral("[mcp_servers.fs]\ncommand = \"npx\"\nargs = []\n");

} // namespace

class TestCodexToml : public QObject
{
    Q_OBJECT
private slots:
    void findsEveryServerTheUserDefined()
    {
        const QString text = QStringLiteral(
            "mcp_servers.dotted.command = \"d\"\n"
            "[mcp_servers.bare]\ncommand = \"b\"\n"
            "[ mcp_servers . \"quoted\" ] # a comment\n"
            "[mcp_servers.'literal'.env]\nX = \"1\"\n"
            "[mcp_servers]\nnested = { command = \"n\" }\n"
            "[other]\nmcp_servers.not_a_server = 1\n"
            "description = \"\"\"\n[mcp_servers.in_a_string]\n\"\"\"\n"
            "# [mcp_servers.commented]\n");
        const codextoml::Scan scan = codextoml::scan(text);
        QCOMPARE(scan.servers, (QStringList{QStringLiteral("dotted"), QStringLiteral("bare"), QStringLiteral("quoted"),
                                            QStringLiteral("literal"), QStringLiteral("nested")}));
        QVERIFY(!scan.inlineTable);
        QVERIFY(codextoml::scan(QStringLiteral("mcp_servers = {}\n")).inlineTable);
    }

    void addsReplacesRemovesOnlyItsBlock()
    {
        const QString user = QStringLiteral("# mine\nmodel = \"gpt-5\"\n\n[mcp_servers.mine]\ncommand = \"m\"\n\n[profiles.fast]\nmodel = \"mini\"\n");
        QString text = codextoml::splice(user, QStringLiteral("fs"), kBlock);
        QCOMPARE(text, user + u'\n' + kBlock);

        // Replaced in place, with its env sub-table, up to the next header that is not its own.
        const QString withEnv = QStringLiteral("[mcp_servers.fs]\ncommand = \"x\"\nargs = []\n\n[mcp_servers.fs.env]\nA = \"1\"\n");
        text = codextoml::splice(text, QStringLiteral("fs"), withEnv);
        QCOMPARE(text, user + u'\n' + withEnv + u'\n');  // the reference's replacement adds a blank line
        text += QStringLiteral("[after]\nk = 1\n");
        text = codextoml::splice(text, QStringLiteral("fs"), kBlock);
        QCOMPARE(text, user + u'\n' + kBlock + QStringLiteral("\n[after]\nk = 1\n"));

        text = codextoml::splice(text, QStringLiteral("fs"), QString());
        QCOMPARE(text, user + QStringLiteral("\n[after]\nk = 1\n"));
        QCOMPARE(codextoml::splice(text, QStringLiteral("fs"), QString()), text);  // nothing left to remove
    }

    void removingTheLastBlockLeavesNoPileOfBlankLines()
    {
        const QString text = QStringLiteral("a = 1\n\n\n") + kBlock;
        QCOMPARE(codextoml::splice(text, QStringLiteral("fs"), QString()), QStringLiteral("a = 1\n\n"));
        // Blank lines elsewhere are the user's: they stay (the reference squeezes them everywhere).
        const QString spaced = QStringLiteral("a = 1\n\n\n\nb = 2\n\n") + kBlock + QStringLiteral("[z]\n");
        QCOMPARE(codextoml::splice(spaced, QStringLiteral("fs"), QString()), QStringLiteral("a = 1\n\n\n\nb = 2\n\n[z]\n"));
    }

    void appendsWithTheReferencesSeparator_data()
    {
        QTest::addColumn<QString>("before");
        QTest::addColumn<QString>("separator");
        QTest::newRow("empty") << QString() << QString();
        QTest::newRow("no newline") << QStringLiteral("a = 1") << QStringLiteral("\n\n");
        QTest::newRow("newline") << QStringLiteral("a = 1\n") << QStringLiteral("\n");
        QTest::newRow("blank line") << QStringLiteral("a = 1\n\n") << QString();
    }
    void appendsWithTheReferencesSeparator()
    {
        QFETCH(QString, before);
        QFETCH(QString, separator);
        QCOMPARE(codextoml::splice(before, QStringLiteral("fs"), kBlock), before + separator + kBlock);
    }

    void aHeaderInsideAStringIsNotABlock()
    {
        const QString text = QStringLiteral("x = '''\n[mcp_servers.fs]\n'''\n");
        QCOMPARE(codextoml::splice(text, QStringLiteral("fs"), kBlock), text + u'\n' + kBlock);
        QVERIFY(codextoml::scan(text).servers.isEmpty());
    }

    void namesAndQuoting()
    {
        QVERIFY(codextoml::isBareKey(QStringLiteral("my_server-2")));
        QVERIFY(!codextoml::isBareKey(QStringLiteral("my.server")));
        QVERIFY(!codextoml::isBareKey(QStringLiteral("a b")));
        QVERIFY(!codextoml::isBareKey(QString()));
        QCOMPARE(codextoml::quote(QStringLiteral("a\"b\\c\n\x7f")), QStringLiteral("\"a\\\"b\\\\c\\n\\u007f\""));
    }
};

QTEST_GUILESS_MAIN(TestCodexToml)
#include "tst_codextoml.moc"
