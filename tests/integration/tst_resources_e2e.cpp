// Resource commands end to end: the devserver queues skill, rule and claudemd installs and
// uninstalls (including hostile archives and bad URLs), `teamai sync` runs them in a temporary
// HOME, and the acks, the files and the next report are checked.

#include "AgentTestCase.h"
#include "DataTable.h"
#include "FileTree.h"
#include "JsonLookup.h"

#include <QDir>
#include <QJsonDocument>
#include <QUrl>
#include <QtTest>

using namespace teamai::test;

namespace {

QString encoded(const QString &text)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(text));
}

QJsonObject find(const QJsonArray &list, const QString &slug)
{
    return objectWhere(list, QStringLiteral("slug"), slug);
}

} // namespace

class TestResourcesEndToEnd : public AgentTestCase
{
    Q_OBJECT
private:
    QString home(const QString &relative = {}) const
    {
        return relative.isEmpty() ? f->env().home() : f->env().home() + u'/' + relative;
    }
    QJsonObject ack(qint64 id) { return f->ackFor(id); }
    QString ackError(qint64 id) { return ack(id).value(QStringLiteral("error")).toString(); }
    bool ackOk(qint64 id) { return ack(id).value(QStringLiteral("status")).toString() == QLatin1String("success"); }
    QJsonObject manifest() const
    {
        return QJsonDocument::fromJson(f->env().readFile(QStringLiteral(".teamai/local-agent/manifest.json"))).object();
    }
    QJsonObject lastReport() { return f->server().lastBody(QStringLiteral("report")); }
    void bindWorkspace(const QString &workspace)
    {
        const QString path = f->env().stateDir() + QStringLiteral("/config.json");
        QJsonObject config = QJsonDocument::fromJson(f->env().readFile(QStringLiteral(".teamai/local-agent/config.json"))).object();
        config.insert(QStringLiteral("workspaceBindings"),
                      QJsonObject{{workspace, QJsonObject{{QStringLiteral("projectId"), QStringLiteral("p1")},
                                                          {QStringLiteral("ideType"), QStringLiteral("claude")},
                                                          {QStringLiteral("boundAt"), QStringLiteral("2024-01-01T00:00:00Z")}}}});
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(QJsonDocument(config).toJson());
    }

private slots:
    void skillInstallReportUninstall()
    {
        f->server().queue(resourceCommand(1, QStringLiteral("install_skill"),
                                          {{QStringLiteral("skill_slug"), QStringLiteral("my-tool")},
                                           {QStringLiteral("skill_version"), QStringLiteral("0.9")},
                                           {QStringLiteral("download_url"), url(QStringLiteral("/download/skill/my-tool.zip?name=My%20Tool&version=1.2"))}}));
        f->syncJson();
        QVERIFY2(ackOk(1), qPrintable(ackError(1)));
        QCOMPARE(ack(1).value(QStringLiteral("version")).toString(), QStringLiteral("1.2"));
        QCOMPARE(treeOf(home(QStringLiteral(".claude/skills"))),
                 (QStringList{QStringLiteral("My Tool"), QStringLiteral("My Tool/SKILL.md"), QStringLiteral("My Tool/reference"),
                              QStringLiteral("My Tool/reference/notes.md")}));
        const QJsonObject entry = manifest().value(QStringLiteral("scopes")).toObject().value(QStringLiteral("user")).toObject()
                                      .value(QStringLiteral("skills")).toObject().value(QStringLiteral("my-tool")).toObject();
        QCOMPARE(entry.value(QStringLiteral("dir_name")).toString(), QStringLiteral("My Tool"));
        QCOMPARE(entry.value(QStringLiteral("version")).toString(), QStringLiteral("1.2"));
        QCOMPARE(entry.value(QStringLiteral("source")).toString(), QStringLiteral("enterprise"));

        // A local skill next to it is reported as local.
        f->env().writeFile(QStringLiteral(".claude/skills/mine/SKILL.md"), "---\nname: mine\n---\n");
        f->syncJson();
        const QJsonArray skills = lastReport().value(QStringLiteral("user_level")).toObject().value(QStringLiteral("skills")).toArray();
        QCOMPARE(find(skills, QStringLiteral("My Tool")).value(QStringLiteral("source")).toString(), QStringLiteral("enterprise"));
        QCOMPARE(find(skills, QStringLiteral("My Tool")).value(QStringLiteral("version")).toString(), QStringLiteral("1.2"));
        QCOMPARE(find(skills, QStringLiteral("mine")).value(QStringLiteral("source")).toString(), QStringLiteral("local"));

        f->server().queue(resourceCommand(2, QStringLiteral("uninstall_skill"), {{QStringLiteral("skill_slug"), QStringLiteral("my-tool")}}));
        f->syncJson();
        QVERIFY2(ackOk(2), qPrintable(ackError(2)));
        QCOMPARE(ack(2).value(QStringLiteral("version")).toString(), QStringLiteral("1.2"));
        QCOMPARE(treeOf(home(QStringLiteral(".claude/skills"))), (QStringList{QStringLiteral("mine"), QStringLiteral("mine/SKILL.md")}));
        QVERIFY(manifest().value(QStringLiteral("scopes")).toObject().value(QStringLiteral("user")).toObject()
                    .value(QStringLiteral("skills")).toObject().isEmpty());
    }

    void rulesAndClaudeMdBlocks()
    {
        const QByteArray mine = "# My own instructions\n\nKeep this.\n";
        f->env().writeFile(QStringLiteral(".claude/CLAUDE.md"), mine);
        f->server().queue(QJsonArray{
            resourceCommand(10, QStringLiteral("install_rule"), {{QStringLiteral("rule_slug"), QStringLiteral("style")},
                                                                 {QStringLiteral("rule_version"), QStringLiteral("3")},
                                                                 {QStringLiteral("download_url"), url(QStringLiteral("/download/rule/style.md?version=3"))}}),
            resourceCommand(11, QString(), {{QStringLiteral("handle_type"), QStringLiteral("rule")},
                                            {QStringLiteral("resource_slug"), QStringLiteral("zipped")},
                                            {QStringLiteral("download_url"), url(QStringLiteral("/download/rule/zipped.zip"))}}),
            resourceCommand(12, QStringLiteral("install_claudemd"), {{QStringLiteral("claudemd_slug"), QStringLiteral("zeta")},
                                                                     {QStringLiteral("claudemd_version"), QStringLiteral("7")},
                                                                     {QStringLiteral("download_url"), url(QStringLiteral("/download/claudemd/zeta.md"))}}),
            resourceCommand(13, QStringLiteral("install_x"), {{QStringLiteral("rule_type"), QStringLiteral("prompt")},
                                                              {QStringLiteral("slug"), QStringLiteral("alpha")},
                                                              {QStringLiteral("download_url"), url(QStringLiteral("/download/claudemd/alpha.zip"))}}),
        });
        f->syncJson();
        for (qint64 id : {10, 11, 12, 13})
            QVERIFY2(ackOk(id), qPrintable(QStringLiteral("%1: %2").arg(id).arg(ackError(id))));
        QCOMPARE(ack(10).value(QStringLiteral("version")).toString(), QStringLiteral("3"));
        QCOMPARE(ack(12).value(QStringLiteral("version")).toString(), QStringLiteral("7"));
        QVERIFY(f->env().readFile(QStringLiteral(".claude/rules/style.md")).startsWith("# Rule style"));
        QVERIFY(f->env().readFile(QStringLiteral(".claude/rules/zipped.md")).startsWith("# Rule zipped"));
        const QByteArray merged = f->env().readFile(QStringLiteral(".claude/CLAUDE.md"));
        QVERIFY(merged.startsWith(mine));
        QVERIFY(merged.indexOf("TeamAI block alpha") > 0);
        QVERIFY(merged.indexOf("TeamAI block alpha") < merged.indexOf("TeamAI block zeta"));

        f->syncJson();
        const QJsonArray rules = lastReport().value(QStringLiteral("user_level")).toObject().value(QStringLiteral("rules")).toArray();
        QCOMPARE(rules.size(), 2);
        QCOMPARE(find(rules, QStringLiteral("style")).value(QStringLiteral("source")).toString(), QStringLiteral("enterprise"));

        f->server().queue(QJsonArray{
            resourceCommand(14, QStringLiteral("uninstall_rule"), {{QStringLiteral("rule_slug"), QStringLiteral("style")}}),
            resourceCommand(15, QStringLiteral("uninstall_rule"), {{QStringLiteral("rule_slug"), QStringLiteral("zipped")}}),
            resourceCommand(16, QStringLiteral("uninstall_claude_md"), {{QStringLiteral("claudemd_slug"), QStringLiteral("zeta")}}),
            resourceCommand(17, QStringLiteral("uninstall_claudemd"), {{QStringLiteral("claudemd_slug"), QStringLiteral("alpha")}}),
        });
        f->syncJson();
        for (qint64 id : {14, 15, 16, 17})
            QVERIFY2(ackOk(id), qPrintable(QStringLiteral("%1: %2").arg(id).arg(ackError(id))));
        QCOMPARE(treeOf(home(QStringLiteral(".claude/rules"))), QStringList());
        QCOMPARE(f->env().readFile(QStringLiteral(".claude/CLAUDE.md")), mine);
    }

    void projectScope()
    {
        const QString workspace = home(QStringLiteral("code/project one"));
        QVERIFY(QDir().mkpath(workspace + QStringLiteral("/.claude")));
        bindWorkspace(workspace);
        const QJsonObject scope{{QStringLiteral("scope"), QStringLiteral("project")}, {QStringLiteral("workspace_path"), workspace}};
        auto with = [&scope](QJsonObject fields) {
            for (auto it = scope.begin(); it != scope.end(); ++it)
                fields.insert(it.key(), it.value());
            return fields;
        };
        f->server().queue(QJsonArray{
            resourceCommand(20, QStringLiteral("install_skill"), with({{QStringLiteral("skill_slug"), QStringLiteral("p-skill")},
                                                                       {QStringLiteral("download_url"), url(QStringLiteral("/download/skill/p-skill.zip?layout=nested&name=Project%20Skill"))}})),
            resourceCommand(21, QStringLiteral("install_rule"), with({{QStringLiteral("rule_slug"), QStringLiteral("p-rule")},
                                                                      {QStringLiteral("download_url"), url(QStringLiteral("/download/rule/p-rule.md"))}})),
            resourceCommand(22, QStringLiteral("install_claudemd"), with({{QStringLiteral("claudemd_slug"), QStringLiteral("p-block")},
                                                                          {QStringLiteral("download_url"), url(QStringLiteral("/download/claudemd/p-block.md"))}})),
        });
        f->syncJson();
        for (qint64 id : {20, 21, 22})
            QVERIFY2(ackOk(id), qPrintable(QStringLiteral("%1: %2").arg(id).arg(ackError(id))));
        QVERIFY(QFile::exists(workspace + QStringLiteral("/.claude/skills/Project Skill/SKILL.md")));
        QVERIFY(QFile::exists(workspace + QStringLiteral("/.claude/rules/p-rule.md")));
        QVERIFY(QFile(workspace + QStringLiteral("/.claude/CLAUDE.md")).exists());
        QVERIFY(!QFile::exists(home(QStringLiteral(".claude"))));  // nothing in user scope
        QVERIFY(manifest().value(QStringLiteral("scopes")).toObject().contains(QStringLiteral("project:") + workspace));

        f->syncJson();
        // Reported as the reference does: the bindings of this tool (plus the cwd's workspace).
        QJsonObject ws;
        for (const QJsonValue &entry : lastReport().value(QStringLiteral("workspaces")).toArray()) {
            if (entry.toObject().value(QStringLiteral("path")).toString() == workspace)
                ws = entry.toObject();
        }
        QCOMPARE(ws.value(QStringLiteral("path")).toString(), workspace);
        QCOMPARE(find(ws.value(QStringLiteral("skills")).toArray(), QStringLiteral("Project Skill")).value(QStringLiteral("source")).toString(),
                 QStringLiteral("enterprise"));
        QCOMPARE(find(ws.value(QStringLiteral("rules")).toArray(), QStringLiteral("p-rule")).value(QStringLiteral("source")).toString(),
                 QStringLiteral("enterprise"));

        f->server().queue(QJsonArray{
            resourceCommand(23, QStringLiteral("uninstall_skill"), with({{QStringLiteral("skill_slug"), QStringLiteral("p-skill")}})),
            resourceCommand(24, QStringLiteral("uninstall_rule"), with({{QStringLiteral("rule_slug"), QStringLiteral("p-rule")}})),
            resourceCommand(25, QStringLiteral("uninstall_claudemd"), with({{QStringLiteral("claudemd_slug"), QStringLiteral("p-block")}})),
        });
        f->syncJson();
        for (qint64 id : {23, 24, 25})
            QVERIFY2(ackOk(id), qPrintable(QStringLiteral("%1: %2").arg(id).arg(ackError(id))));
        QCOMPARE(treeOf(workspace + QStringLiteral("/.claude")), (QStringList{QStringLiteral("rules"), QStringLiteral("skills")}));
    }

    void hostileArchivesWriteNothing_data() { loadTable(); }
    void hostileArchivesWriteNothing()
    {
        QFETCH(QString, evil);
        QFETCH(QString, error);
        const bool tmpEvilBefore = QFile::exists(QStringLiteral("/tmp/evil.txt"));
        f->server().queue(resourceCommand(30, QStringLiteral("install_skill"),
                                          {{QStringLiteral("skill_slug"), QStringLiteral("hostile")},
                                           {QStringLiteral("download_url"), url(QStringLiteral("/download/skill/hostile.zip?evil=") + evil)}}));
        f->syncJson();
        QCOMPARE(ack(30).value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
        QCOMPARE(ackError(30), error);
        QVERIFY(!QFile::exists(home(QStringLiteral(".claude"))));
        QVERIFY(!QFile::exists(home(QStringLiteral("evil.txt"))));
        QCOMPARE(QFile::exists(QStringLiteral("/tmp/evil.txt")), tmpEvilBefore);
        QCOMPARE(treeOf(f->env().stateDir() + QStringLiteral("/tmp")), QStringList());  // the download is gone too
        QVERIFY(!f->env().readFile(QStringLiteral(".teamai/local-agent/manifest.json")).contains("hostile"));
    }

    void refusedCommands_data()
    {
        QTest::addColumn<QJsonObject>("command");
        QTest::addColumn<QString>("error");
        const QString rule = QStringLiteral("install_rule");
        QTest::newRow("file url") << resourceCommand(40, rule, {{QStringLiteral("rule_slug"), QStringLiteral("r")},
                                                                {QStringLiteral("download_url"), QStringLiteral("file:///etc/passwd")}})
                                  << QStringLiteral("Unsupported download URL scheme: file:");
        QTest::newRow("redirect to file") << resourceCommand(40, rule, {{QStringLiteral("rule_slug"), QStringLiteral("r")},
                                                                        {QStringLiteral("download_url"), QString(QStringLiteral("@/download/redirect?to=") + encoded(QStringLiteral("file:///etc/passwd")))}})
                                          << QStringLiteral("Unsupported download URL scheme: file:");
        QTest::newRow("slug ../x") << resourceCommand(40, rule, {{QStringLiteral("rule_slug"), QStringLiteral("../x")},
                                                                 {QStringLiteral("download_url"), QStringLiteral("@/download/rule/x.md")}})
                                   << QStringLiteral("Invalid resource slug: ../x");
        QTest::newRow("no download_url") << resourceCommand(40, QStringLiteral("install_skill"), {{QStringLiteral("skill_slug"), QStringLiteral("s")}})
                                         << QStringLiteral("Missing download_url for install_skill");
        QTest::newRow("60 MiB") << resourceCommand(40, rule, {{QStringLiteral("rule_slug"), QStringLiteral("big")},
                                                              {QStringLiteral("download_url"), QStringLiteral("@/download/blob?bytes=62914560")}})
                                << QStringLiteral("Download too large: more than 50 MiB");
        QTest::newRow("redirect loop") << resourceCommand(40, rule, {{QStringLiteral("rule_slug"), QStringLiteral("loop")},
                                                                     {QStringLiteral("download_url"), QStringLiteral("@/download/loop")}})
                                       << QStringLiteral("Too many redirects");
        QTest::newRow("no SKILL.md") << resourceCommand(40, QStringLiteral("install_skill"), {{QStringLiteral("skill_slug"), QStringLiteral("n")},
                                                                                              {QStringLiteral("download_url"), QStringLiteral("@/download/skill/n.zip?layout=noskill")}})
                                     << QStringLiteral("No SKILL.md in the archive");
        QTest::newRow("missing workspace") << resourceCommand(40, rule, {{QStringLiteral("rule_slug"), QStringLiteral("r")},
                                                                         {QStringLiteral("scope"), QStringLiteral("workspace")},
                                                                         {QStringLiteral("workspace_path"), QStringLiteral("/nonexistent/teamai/ws")},
                                                                         {QStringLiteral("download_url"), QStringLiteral("@/download/rule/r.md")}})
                                           << QStringLiteral("Workspace does not exist: /nonexistent/teamai/ws");
    }
    void refusedCommands()
    {
        QFETCH(QJsonObject, command);
        QFETCH(QString, error);
        const QString download = command.value(QStringLiteral("download_url")).toString();
        if (download.startsWith(u'@'))
            command.insert(QStringLiteral("download_url"), url(download.mid(1)));
        f->server().queue(command);
        f->syncJson();
        QCOMPARE(ack(40).value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
        QCOMPARE(ackError(40), error);
        QVERIFY(!QFile::exists(home(QStringLiteral(".claude"))));
        QVERIFY(!QFile::exists(home(QStringLiteral("x.md"))));
        QCOMPARE(treeOf(f->env().stateDir() + QStringLiteral("/tmp")), QStringList());
    }

    void replacingASkillWhileAReaderHoldsItsFilesOpen()
    {
        auto install = [this](qint64 id, const QString &version) {
            f->server().queue(resourceCommand(id, QStringLiteral("install_skill"),
                                              {{QStringLiteral("skill_slug"), QStringLiteral("busy")},
                                               {QStringLiteral("download_url"), url(QStringLiteral("/download/skill/busy.zip?version=") + version)}}));
            f->syncJson();
            return ackOk(id);
        };
        QVERIFY(install(50, QStringLiteral("1.0")));
        QFile skill(home(QStringLiteral(".claude/skills/busy/SKILL.md")));
        QFile notes(home(QStringLiteral(".claude/skills/busy/reference/notes.md")));
        QVERIFY(skill.open(QIODevice::ReadOnly));
        QVERIFY(notes.open(QIODevice::ReadOnly));
        QVERIFY(install(51, QStringLiteral("2.0")));
        QVERIFY(skill.readAll().contains("version: 1.0"));  // the reader keeps a whole old file
        QVERIFY(!notes.readAll().isEmpty());
        QVERIFY(f->env().readFile(QStringLiteral(".claude/skills/busy/SKILL.md")).contains("version: 2.0"));
        QCOMPARE(QDir(home(QStringLiteral(".claude/skills"))).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
                 QStringList{QStringLiteral("busy")});
        QCOMPARE(ack(51).value(QStringLiteral("version")).toString(), QStringLiteral("2.0"));
    }
};

QTEST_GUILESS_MAIN(TestResourcesEndToEnd)
#include "tst_resources_e2e.moc"
