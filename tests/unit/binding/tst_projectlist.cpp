// The answer of GET /api/projects/mine (what is accepted, what makes the whole answer malformed)
// and the hints a hook prints for the agent from it, in the agents' hook output format.
#include "binding/BindingHint.h"
#include "binding/HookBindingFlow.h"
#include "binding/ProjectList.h"

#include "TextChecks.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

using namespace teamai::binding;

namespace {

QJsonObject answerWith(const QJsonValue &projects)
{
    return QJsonObject{{QStringLiteral("ok"), true}, {QStringLiteral("projects"), projects}};
}

QJsonObject project(const QJsonValue &id, const QJsonValue &name)
{
    return QJsonObject{{QStringLiteral("id"), id}, {QStringLiteral("name"), name}};
}

/// The additionalContext of a hook output line, checking its shape on the way.
QString contextOf(const QByteArray &line, const QString &eventName)
{
    if (!line.endsWith('\n') || line.count('\n') != 1)
        return {};
    const QJsonObject output = QJsonDocument::fromJson(line).object().value(QStringLiteral("hookSpecificOutput")).toObject();
    if (output.value(QStringLiteral("hookEventName")).toString() != eventName)
        return {};
    return output.value(QStringLiteral("additionalContext")).toString();
}

} // namespace

class TestProjectList : public QObject
{
    Q_OBJECT

private slots:
    void readsProjects()
    {
        QJsonObject described = project(7, QStringLiteral("Alpha"));
        described.insert(QStringLiteral("description"), QStringLiteral("first\nline\tand more"));
        const ProjectList list = ProjectList::fromAnswer(answerWith(QJsonArray{described, project(QStringLiteral("b-2"), QStringLiteral(" Beta "))}));
        QVERIFY2(list.ok(), qPrintable(list.error));
        QCOMPARE(list.projects.size(), 2);
        QCOMPARE(list.projects.at(0).idText(), QStringLiteral("7"));
        QCOMPARE(list.projects.at(0).description, QStringLiteral("first line and more"));
        QCOMPARE(list.projects.at(1).name, QStringLiteral("Beta"));
        QVERIFY(list.find(QStringLiteral("b-2")));
        QVERIFY(list.find(QStringLiteral("7")));
        QVERIFY(!list.find(QStringLiteral("8")));
    }

    void missingListIsEmpty()
    {
        const ProjectList list = ProjectList::fromAnswer(QJsonObject{{QStringLiteral("ok"), true}});
        QVERIFY(list.ok());
        QVERIFY(list.projects.isEmpty());
    }

    void malformedAnswersYieldNothing_data()
    {
        QTest::addColumn<QJsonValue>("projects");
        QTest::newRow("not an array") << QJsonValue(QStringLiteral("nope"));
        QTest::newRow("object") << QJsonValue(QJsonObject{{QStringLiteral("id"), 1}});
        QTest::newRow("element not an object") << QJsonValue(QJsonArray{project(1, QStringLiteral("A")), 5});
        QTest::newRow("no id") << QJsonValue(QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("A")}}});
        QTest::newRow("id 0") << QJsonValue(QJsonArray{project(0, QStringLiteral("A"))});
        QTest::newRow("negative id") << QJsonValue(QJsonArray{project(-4, QStringLiteral("A"))});
        QTest::newRow("fractional id") << QJsonValue(QJsonArray{project(1.5, QStringLiteral("A"))});
        QTest::newRow("id with shell characters") << QJsonValue(QJsonArray{project(QStringLiteral("1;rm -rf ~"), QStringLiteral("A"))});
        QTest::newRow("id with a backtick") << QJsonValue(QJsonArray{project(QStringLiteral("`x`"), QStringLiteral("A"))});
        QTest::newRow("no name") << QJsonValue(QJsonArray{QJsonObject{{QStringLiteral("id"), 1}}});
        QTest::newRow("blank name") << QJsonValue(QJsonArray{project(1, QStringLiteral(" \n "))});
        QTest::newRow("name not a string") << QJsonValue(QJsonArray{project(1, 5)});
        QJsonArray many;
        for (int i = 1; i <= 501; ++i)
            many.append(project(i, QStringLiteral("P%1").arg(i)));
        QTest::newRow("too many") << QJsonValue(many);
    }
    void malformedAnswersYieldNothing()
    {
        QFETCH(QJsonValue, projects);
        const ProjectList list = ProjectList::fromAnswer(answerWith(projects));
        QVERIFY(!list.ok());
        QVERIFY(list.projects.isEmpty());
    }

    void namesAreCapped()
    {
        const ProjectList list = ProjectList::fromAnswer(answerWith(QJsonArray{project(1, QString(500, u'n'))}));
        QVERIFY(list.ok());
        QCOMPARE(list.projects.at(0).name.size(), 200);
    }

    void sessionStartHint()
    {
        const QList<Project> projects{{QJsonValue(7), QStringLiteral("Alpha"), {}}, {QJsonValue(QStringLiteral("b-2")), QStringLiteral("Beta"), {}}};
        const QString context = contextOf(hint::sessionStart(projects), QStringLiteral("SessionStart"));
        QVERIFY2(!context.isEmpty(), "one line of {hookSpecificOutput: {hookEventName: SessionStart, additionalContext}}");
        QVERIFY(context.startsWith(QStringLiteral("[teamai]")));
        QVERIFY(context.contains(QStringLiteral("Alpha (id 7), Beta (id b-2)")));
        QVERIFY(context.contains(QStringLiteral("teamai bind-project\n")));
        QVERIFY(context.contains(QStringLiteral("teamai bind-project --project-id <id>")));
    }

    void promptSubmitHint()
    {
        const QList<Project> projects{{QJsonValue(7), QStringLiteral("Alpha"), {}}, {QJsonValue(9), QStringLiteral("Beta"), {}}};
        const QString context = contextOf(hint::promptSubmit(projects), QStringLiteral("UserPromptSubmit"));
        QVERIFY(!context.isEmpty());
        QCOMPARE(teamai::test::missingFrom(context, {QStringLiteral("\n1. Bind it to the project \"Alpha\"\n"),
                                                     QStringLiteral("\n2. Bind it to the project \"Beta\"\n"),
                                                     QStringLiteral("\n3. Do not bind it, and do not ask again\n"),
                                                     QStringLiteral("answer 1: run `teamai bind-project --project-id 7`"),
                                                     QStringLiteral("answer 2: run `teamai bind-project --project-id 9`"),
                                                     QStringLiteral("answer 3: run `teamai bind-project --skip`")}),
                 QStringList());
        // The part for the user comes before the agent's instructions.
        QVERIFY(context.indexOf(QStringLiteral("3. Do not bind")) < context.indexOf(QStringLiteral("do not show this part")));
    }

    void toolsWithTheFlow()
    {
        qunsetenv("TEAMAI_BIND_PROMPT_ENABLED");
        QVERIFY(HookBindingFlow::appliesTo(QStringLiteral("codebuddy")));
        QVERIFY(HookBindingFlow::appliesTo(QStringLiteral("WorkBuddy")));
        QVERIFY(!HookBindingFlow::appliesTo(QStringLiteral("claude")));
        QVERIFY(!HookBindingFlow::appliesTo(QStringLiteral("cursor")));
        for (const char *off : {"0", "false", "FALSE"}) {
            qputenv("TEAMAI_BIND_PROMPT_ENABLED", off);
            QVERIFY2(!HookBindingFlow::appliesTo(QStringLiteral("workbuddy")), off);
        }
        qputenv("TEAMAI_BIND_PROMPT_ENABLED", "1");
        QVERIFY(HookBindingFlow::appliesTo(QStringLiteral("workbuddy")));
        qunsetenv("TEAMAI_BIND_PROMPT_ENABLED");
    }

    void sessionKeys()
    {
        qunsetenv("CLAUDE_SESSION_ID");
        QCOMPARE(HookBindingFlow::sessionKey(QJsonObject{{QStringLiteral("session_id"), QStringLiteral("s1")}}, QStringLiteral("/w")), QStringLiteral("s1"));
        QCOMPARE(HookBindingFlow::sessionKey(QJsonObject{{QStringLiteral("sessionId"), QStringLiteral("s2")}}, QStringLiteral("/w")), QStringLiteral("s2"));
        qputenv("CLAUDE_SESSION_ID", "env-session");
        QCOMPARE(HookBindingFlow::sessionKey(QJsonObject{{QStringLiteral("session_id"), 5}}, QStringLiteral("/w")), QStringLiteral("env-session"));
        qunsetenv("CLAUDE_SESSION_ID");
        QVERIFY(HookBindingFlow::sessionKey({}, QStringLiteral("/w")).endsWith(QStringLiteral("-/w")));
    }
};

QTEST_GUILESS_MAIN(TestProjectList)
#include "tst_projectlist.moc"
