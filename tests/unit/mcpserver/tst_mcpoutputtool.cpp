// teamai_command_output and the owner isolation of the commands tools, without processes: a real
// ledger and real output folders (written by core/output's OutputWriter) in a temporary HOME.

#include "commands/Command.h"
#include "config/AgentSettings.h"
#include "mcpserver/AgentTools.h"
#include "mcpserver/McpServer.h"
#include "output/CommandOutput.h"
#include "store/CommandLedger.h"
#include "store/LedgerDatabase.h"

#include "DataTable.h"
#include "TestEnvironment.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

using namespace teamai;
using namespace teamai::mcpserver;

namespace {

QJsonObject call(McpServer &server, const QString &tool, const QJsonObject &arguments)
{
    const QJsonObject request{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), 1},
                              {QStringLiteral("method"), QStringLiteral("tools/call")},
                              {QStringLiteral("params"), QJsonObject{{QStringLiteral("name"), tool}, {QStringLiteral("arguments"), arguments}}}};
    const std::optional<QJsonObject> response = server.handle(QJsonValue(request));
    return response ? response->value(QStringLiteral("result")).toObject() : QJsonObject();
}

QString textOf(const QJsonObject &result)
{
    return result.value(QStringLiteral("content")).toArray().at(0).toObject().value(QStringLiteral("text")).toString();
}

QJsonObject structured(const QJsonObject &result)
{
    return result.value(QStringLiteral("structuredContent")).toObject();
}

bool isError(const QJsonObject &result)
{
    return result.value(QStringLiteral("isError")).toBool();
}

void admit(qint64 id, const QString &agent, const QString &cmd = QStringLiteral("teamai doctor"))
{
    LedgerDatabase database;
    QVERIFY(database.open());
    CommandLedger ledger(database);
    ledger.admit(Command::fromJson(QJsonObject{{QStringLiteral("id"), id}, {QStringLiteral("type"), QStringLiteral("cmd")},
                                               {QStringLiteral("cmd"), cmd}}), agent, {});
}

std::unique_ptr<output::OutputWriter> writer(const QString &tool, qint64 id, qint64 window = 1024 * 1024)
{
    auto created = output::OutputWriter::create(output::OutputKey{tool, id}, window);
    if (!created) {
        qWarning("OutputWriter::create: %s", qPrintable(created.error()));
        return nullptr;
    }
    return std::move(created).value();
}

void allowAllAgents(bool allowed)
{
    const Status saved = AgentSettings::update([allowed](AgentSettings &s) { s.setAgentsSeeAllCommands(allowed); });
    QVERIFY2(saved, qPrintable(saved.error()));
}

} // namespace

class TestMcpOutputTool : public QObject
{
    Q_OBJECT
private slots:
    void argumentErrors_data() { test::loadTable(); }
    void argumentErrors()
    {
        QFETCH(QJsonObject, arguments);
        QFETCH(QString, message);
        test::TestEnvironment env;
        admit(7, QStringLiteral("claude"));  // in the ledger, but no output folder
        McpServer server(QStringLiteral("t"), QStringLiteral("1"), agentTools(QStringLiteral("claude")));
        const QJsonObject result = call(server, QStringLiteral("teamai_command_output"), arguments);
        QVERIFY(isError(result));
        QVERIFY2(textOf(result).contains(message), qPrintable(textOf(result)));
        QVERIFY(!result.contains(QStringLiteral("structuredContent")));
    }

    void followsOutputWithTheCursor()
    {
        test::TestEnvironment env;
        admit(31, QStringLiteral("claude"));
        std::unique_ptr<output::OutputWriter> w = writer(QStringLiteral("claude"), 31);
        QVERIFY(w);
        w->append(output::Stream::Out, "héllo ");  // é is two bytes
        w->append(output::Stream::Err, "warn: Authorization: Bearer sk-abcdefghijklmnopqrstuvwx\n");
        McpServer server(QStringLiteral("t"), QStringLiteral("1"), agentTools(QStringLiteral("claude")));

        const QJsonObject first = structured(call(server, QStringLiteral("teamai_command_output"), QJsonObject{{QStringLiteral("id"), 31}}));
        QCOMPARE(first.value(QStringLiteral("stdout")).toString(), QStringLiteral("héllo "));
        QVERIFY(first.value(QStringLiteral("running")).toBool());
        QVERIFY(!first.value(QStringLiteral("finished")).toBool());
        QCOMPARE(first.value(QStringLiteral("exitCode")), QJsonValue(QJsonValue::Null));
        QCOMPARE(first.value(QStringLiteral("lossy")), QJsonValue(false));
        QVERIFY2(!first.value(QStringLiteral("stderr")).toString().contains(QStringLiteral("sk-abcdefghijklmnopqrstuvwx")), "secrets are masked");
        QVERIFY(first.value(QStringLiteral("stderr")).toString().startsWith(QStringLiteral("warn: ")));

        // Cut inside a UTF-8 sequence: the delta stops before it, the next read brings it whole.
        w->append(output::Stream::Out, QByteArrayView("w\xc3", 2));
        const QJsonObject second = structured(call(server, QStringLiteral("teamai_command_output"),
            QJsonObject{{QStringLiteral("id"), 31}, {QStringLiteral("cursor"), first.value(QStringLiteral("cursor"))}}));
        QCOMPARE(second.value(QStringLiteral("stdout")).toString(), QStringLiteral("w"));
        QCOMPARE(second.value(QStringLiteral("stderr")).toString(), QString());
        w->append(output::Stream::Out, QByteArrayView("\xb6rld\n", 5));
        w->finish(3, {}, {});
        const QJsonObject last = structured(call(server, QStringLiteral("teamai_command_output"),
            QJsonObject{{QStringLiteral("id"), 31}, {QStringLiteral("cursor"), second.value(QStringLiteral("cursor"))}}));
        QCOMPARE(last.value(QStringLiteral("stdout")).toString(), QStringLiteral("örld\n"));
        QVERIFY(last.value(QStringLiteral("finished")).toBool());
        QVERIFY(!last.value(QStringLiteral("running")).toBool());
        QCOMPARE(last.value(QStringLiteral("exitCode")).toInt(), 3);
        QVERIFY(last.value(QStringLiteral("complete")).toBool());
        QCOMPARE(last.value(QStringLiteral("spillStdout")), QJsonValue(QJsonValue::Null));
    }

    void maxBytesLimitsEachStream()
    {
        test::TestEnvironment env;
        admit(32, QStringLiteral("claude"));
        std::unique_ptr<output::OutputWriter> w = writer(QStringLiteral("claude"), 32);
        QVERIFY(w);
        w->append(output::Stream::Out, "0123456789");
        McpServer server(QStringLiteral("t"), QStringLiteral("1"), agentTools(QStringLiteral("claude")));
        const QJsonObject part = structured(call(server, QStringLiteral("teamai_command_output"),
                                                 QJsonObject{{QStringLiteral("id"), 32}, {QStringLiteral("maxBytes"), 4}}));
        QCOMPARE(part.value(QStringLiteral("stdout")).toString(), QStringLiteral("0123"));
        const QJsonObject rest = structured(call(server, QStringLiteral("teamai_command_output"),
            QJsonObject{{QStringLiteral("id"), 32}, {QStringLiteral("cursor"), part.value(QStringLiteral("cursor"))}}));
        QCOMPARE(rest.value(QStringLiteral("stdout")).toString(), QStringLiteral("456789"));
    }

    void lossyWhenTheWindowDroppedUnreadBytes()
    {
        test::TestEnvironment env;
        admit(33, QStringLiteral("claude"));
        const qint64 window = AgentSettings::kMinCommandOutputWindowBytes;
        std::unique_ptr<output::OutputWriter> w = writer(QStringLiteral("claude"), 33, window);
        QVERIFY(w);
        const QByteArray line(99, 'x');
        for (int i = 0; i < 10 * window / 100; ++i)
            w->append(output::Stream::Out, QByteArray(line + '\n'));
        w->finish(0, QStringLiteral("/tmp/spill-out"), {});
        McpServer server(QStringLiteral("t"), QStringLiteral("1"), agentTools(QStringLiteral("claude")));
        const QJsonObject result = call(server, QStringLiteral("teamai_command_output"), QJsonObject{{QStringLiteral("id"), 33}});
        const QJsonObject delta = structured(result);
        QVERIFY(delta.value(QStringLiteral("lossy")).toBool());
        QVERIFY(delta.value(QStringLiteral("lossyStdout")).toBool());
        QVERIFY(!delta.value(QStringLiteral("lossyStderr")).toBool());
        QVERIFY(delta.value(QStringLiteral("stdout")).toString().size() <= window);
        QCOMPARE(delta.value(QStringLiteral("spillStdout")).toString(), QStringLiteral("/tmp/spill-out"));
        QVERIFY2(textOf(result).contains(QStringLiteral("/tmp/spill-out")), qPrintable(textOf(result)));
        QVERIFY2(textOf(result).contains(QStringLiteral("lossy")), qPrintable(textOf(result)));
    }

    void otherAgentsAreHiddenUnlessAllowed_data()
    {
        QTest::addColumn<QString>("tool");
        QTest::addColumn<QJsonObject>("arguments");
        QTest::newRow("commands") << QStringLiteral("teamai_commands") << QJsonObject{{QStringLiteral("agent"), QStringLiteral("codex")}};
        QTest::newRow("commands *") << QStringLiteral("teamai_commands") << QJsonObject{{QStringLiteral("agent"), QStringLiteral("*")}};
        QTest::newRow("command") << QStringLiteral("teamai_command") << QJsonObject{{QStringLiteral("id"), 41}, {QStringLiteral("agent"), QStringLiteral("codex")}};
        QTest::newRow("output") << QStringLiteral("teamai_command_output") << QJsonObject{{QStringLiteral("id"), 41}, {QStringLiteral("agent"), QStringLiteral("codex")}};
        QTest::newRow("output *") << QStringLiteral("teamai_command_output") << QJsonObject{{QStringLiteral("id"), 41}, {QStringLiteral("agent"), QStringLiteral("*")}};
    }
    void otherAgentsAreHiddenUnlessAllowed()
    {
        QFETCH(QString, tool);
        QFETCH(QJsonObject, arguments);
        test::TestEnvironment env;
        admit(41, QStringLiteral("codex"), QStringLiteral("teamai doctor"));
        admit(42, QStringLiteral("claude"), QStringLiteral("teamai status"));
        std::unique_ptr<output::OutputWriter> w = writer(QStringLiteral("codex"), 41);
        QVERIFY(w);
        w->append(output::Stream::Out, "codex's output\n");
        McpServer server(QStringLiteral("t"), QStringLiteral("1"), agentTools(QStringLiteral("claude")));

        const QJsonObject refused = call(server, tool, arguments);
        QVERIFY(isError(refused));
        QVERIFY2(textOf(refused).contains(QStringLiteral("agentsSeeAllCommands")), qPrintable(textOf(refused)));
        QVERIFY(!QJsonDocument(refused).toJson().contains("codex's output"));
        // Without `agent`, codex's command is simply not the caller's.
        QJsonObject own = arguments;
        own.remove(QStringLiteral("agent"));
        const QJsonObject hidden = call(server, tool, own);
        QVERIFY(!QJsonDocument(hidden).toJson().contains("codex's output"));
        QVERIFY(!QJsonDocument(hidden).toJson().contains("\"id\":41"));

        allowAllAgents(true);
        const QJsonObject allowed = call(server, tool, arguments);
        QVERIFY2(!isError(allowed), qPrintable(textOf(allowed)));
        QVERIFY2(QJsonDocument(allowed).toJson(QJsonDocument::Compact).contains("41"), QJsonDocument(allowed).toJson().constData());
        allowAllAgents(false);  // read at every call: off again is refused again
        QVERIFY(isError(call(server, tool, arguments)));
    }

    void commandsListsOnlyTheCallersByDefault()
    {
        test::TestEnvironment env;
        admit(51, QStringLiteral("codex"));
        admit(52, QStringLiteral("claude"));
        admit(53, QStringLiteral("codex"));
        McpServer server(QStringLiteral("t"), QStringLiteral("1"), agentTools(QStringLiteral("codex")));
        const QJsonArray own = structured(call(server, QStringLiteral("teamai_commands"), {})).value(QStringLiteral("commands")).toArray();
        QCOMPARE(own.size(), 2);
        for (const QJsonValue &row : own)
            QCOMPARE(row.toObject().value(QStringLiteral("agent")).toString(), QStringLiteral("codex"));
        // Naming oneself is no escalation.
        QVERIFY(!isError(call(server, QStringLiteral("teamai_commands"), QJsonObject{{QStringLiteral("agent"), QStringLiteral("codex")}})));
        allowAllAgents(true);
        QCOMPARE(structured(call(server, QStringLiteral("teamai_commands"), QJsonObject{{QStringLiteral("agent"), QStringLiteral("*")}}))
                     .value(QStringLiteral("count")).toInt(), 3);
        // teamai_status stays machine-wide.
        QVERIFY(!isError(call(server, QStringLiteral("teamai_status"), {})));
    }
};

QTEST_GUILESS_MAIN(TestMcpOutputTool)
#include "tst_mcpoutputtool.moc"
