// Nothing of the user's is overwritten or deleted (issue 12 item 2), end to end: the real
// `teamai sync` runs skill and rule installs from the devserver whose folder or file name
// collides with the user's own, and uninstalls driven by a crafted manifest whose stored paths
// point out of the tool's folder; the user's files are compared byte for byte.

#include "AgentTestCase.h"
#include "FileTree.h"

#include <QDir>
#include <QJsonDocument>
#include <QtTest>

using namespace teamai::test;

class TestResourceOwnershipEndToEnd : public AgentTestCase
{
    Q_OBJECT
private:
    QString home(const QString &relative) const { return f->env().home() + u'/' + relative; }
    QJsonObject ack(qint64 id) { return f->ackFor(id); }
    QString ackError(qint64 id) { return ack(id).value(QStringLiteral("error")).toString(); }
    QString ackStatus(qint64 id) { return ack(id).value(QStringLiteral("status")).toString(); }
    QJsonObject userScope() const
    {
        const QJsonObject manifest = QJsonDocument::fromJson(f->env().readFile(QStringLiteral(".teamai/local-agent/manifest.json"))).object();
        return manifest.value(QStringLiteral("scopes")).toObject().value(QStringLiteral("user")).toObject();
    }
    void installSkill(qint64 id, const QString &slug, const QString &query)
    {
        f->server().queue(resourceCommand(id, QStringLiteral("install_skill"),
                                  {{QStringLiteral("skill_slug"), slug},
                                   {QStringLiteral("download_url"), url(QStringLiteral("/download/skill/%1.zip%2").arg(slug, query))}}));
        f->syncJson();
    }
    /// The user's own skill `notes`, with a binary file, made before TeamAI ever saw it.
    void makeUsersOwnSkill()
    {
        f->env().writeFile(QStringLiteral(".claude/skills/notes/SKILL.md"), "---\nname: notes\n---\nMy own notes skill.\n");
        f->env().writeFile(QStringLiteral(".claude/skills/notes/data/blob.bin"), QByteArray("\x00\x01\x02 mine \xff", 11));
    }

private slots:
    void usersOwnSkillFolderSurvivesACollidingInstall_data()
    {
        QTest::addColumn<QString>("slug");
        QTest::addColumn<QString>("query");
        QTest::newRow("front-matter name") << QStringLiteral("team-notes") << QStringLiteral("?name=notes");
        QTest::newRow("slug as the name") << QStringLiteral("notes") << QString();
    }
    void usersOwnSkillFolderSurvivesACollidingInstall()
    {
        QFETCH(QString, slug);
        QFETCH(QString, query);
        makeUsersOwnSkill();
        const auto before = snapshotOf(home(QStringLiteral(".claude/skills")));
        installSkill(1, slug, query);
        QCOMPARE(ackStatus(1), QStringLiteral("failed"));
        QCOMPARE(ackError(1), QStringLiteral("Skill folder notes exists and was not installed by TeamAI"));
        QCOMPARE(snapshotOf(home(QStringLiteral(".claude/skills"))), before);
        QVERIFY(!userScope().value(QStringLiteral("skills")).toObject().contains(slug));
    }

    void aManifestEntryOwnsOnlyTheFolderItRecorded()
    {
        // TeamAI installed skill `notes` into the folder "Team Notes"; the folder `notes` is the user's.
        installSkill(1, QStringLiteral("notes"), QStringLiteral("?name=Team%20Notes&version=1"));
        QCOMPARE(ackStatus(1), QStringLiteral("success"));
        makeUsersOwnSkill();
        const auto before = snapshotOf(home(QStringLiteral(".claude/skills")));

        // Neither a new version of `notes` named after the slug, nor another skill named `notes`, may take it.
        installSkill(2, QStringLiteral("notes"), QStringLiteral("?version=2"));
        installSkill(3, QStringLiteral("other"), QStringLiteral("?name=notes"));
        for (qint64 id : {2, 3}) {
            QCOMPARE(ackStatus(id), QStringLiteral("failed"));
            QCOMPARE(ackError(id), QStringLiteral("Skill folder notes exists and was not installed by TeamAI"));
        }
        QCOMPARE(snapshotOf(home(QStringLiteral(".claude/skills"))), before);
        QCOMPARE(userScope().value(QStringLiteral("skills")).toObject().value(QStringLiteral("notes")).toObject()
                     .value(QStringLiteral("dir_name")).toString(), QStringLiteral("Team Notes"));
    }

    void reinstallOfOurOwnSkillReplacesItAndARenameRemovesOnlyTheRecordedFolder()
    {
        makeUsersOwnSkill();
        installSkill(1, QStringLiteral("tool"), QStringLiteral("?name=Tool&version=1"));
        QCOMPARE(ackStatus(1), QStringLiteral("success"));
        installSkill(2, QStringLiteral("tool"), QStringLiteral("?name=Tool&version=2"));
        QVERIFY2(ackStatus(2) == QLatin1String("success"), qPrintable(ackError(2)));
        QVERIFY(f->env().readFile(QStringLiteral(".claude/skills/Tool/SKILL.md")).contains("version: 2"));
        const auto users = snapshotOf(home(QStringLiteral(".claude/skills/notes")));

        installSkill(3, QStringLiteral("tool"), QStringLiteral("?name=Tool%20Two&version=3"));
        QVERIFY2(ackStatus(3) == QLatin1String("success"), qPrintable(ackError(3)));
        QVERIFY(!QFileInfo::exists(home(QStringLiteral(".claude/skills/Tool"))));
        QVERIFY(f->env().readFile(QStringLiteral(".claude/skills/Tool Two/SKILL.md")).contains("version: 3"));
        QCOMPARE(snapshotOf(home(QStringLiteral(".claude/skills/notes"))), users);
    }

    void usersOwnRuleFileIsNotOverwritten()
    {
        const QByteArray mine = "# My style rule\nTabs, always.\n";
        f->env().writeFile(QStringLiteral(".claude/rules/style.md"), mine);
        f->server().queue(resourceCommand(1, QStringLiteral("install_rule"),
                                  {{QStringLiteral("rule_slug"), QStringLiteral("style")},
                                   {QStringLiteral("download_url"), url(QStringLiteral("/download/rule/style.md"))}}));
        f->syncJson();
        QCOMPARE(ackStatus(1), QStringLiteral("failed"));
        QCOMPARE(ackError(1), QStringLiteral("Rule file style.md exists and was not installed by TeamAI"));
        QCOMPARE(f->env().readFile(QStringLiteral(".claude/rules/style.md")), mine);
        QVERIFY(!userScope().value(QStringLiteral("rules")).toObject().contains(QStringLiteral("style")));
    }

    void craftedManifestPathsAreNeverActedOn_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("slug");
        QTest::addColumn<QJsonObject>("entry");
        const QJsonArray claude{QStringLiteral("claude")};
        QTest::newRow("dir_name ../../Documents") << QStringLiteral("skills") << QStringLiteral("evil")
            << QJsonObject{{QStringLiteral("slug"), QStringLiteral("evil")}, {QStringLiteral("dir_name"), QStringLiteral("../../Documents")},
                           {QStringLiteral("source"), QStringLiteral("enterprise")}, {QStringLiteral("tools"), claude}};
        QTest::newRow("absolute dir_name") << QStringLiteral("skills") << QStringLiteral("evil")
            << QJsonObject{{QStringLiteral("slug"), QStringLiteral("evil")}, {QStringLiteral("dir_name"), QStringLiteral("@HOME/Documents")},
                           {QStringLiteral("source"), QStringLiteral("enterprise")}, {QStringLiteral("tools"), claude}};
        QTest::newRow("dir_name ..") << QStringLiteral("skills") << QStringLiteral("evil")
            << QJsonObject{{QStringLiteral("slug"), QStringLiteral("evil")}, {QStringLiteral("dir_name"), QStringLiteral("..")},
                           {QStringLiteral("source"), QStringLiteral("enterprise")}, {QStringLiteral("tools"), claude}};
        QTest::newRow("skill slug key ../../Documents") << QStringLiteral("skills") << QStringLiteral("../../Documents")
            << QJsonObject{{QStringLiteral("source"), QStringLiteral("enterprise")}, {QStringLiteral("tools"), claude}};
        QTest::newRow("rule slug key ../../Documents/keep") << QStringLiteral("rules") << QStringLiteral("../../Documents/keep")
            << QJsonObject{{QStringLiteral("source"), QStringLiteral("enterprise")}, {QStringLiteral("tools"), claude}};
    }
    void craftedManifestPathsAreNeverActedOn()
    {
        QFETCH(QString, kind);
        QFETCH(QString, slug);
        QFETCH(QJsonObject, entry);
        if (entry.value(QStringLiteral("dir_name")).toString().startsWith(u'@'))
            entry.insert(QStringLiteral("dir_name"), entry.value(QStringLiteral("dir_name")).toString().replace(QLatin1String("@HOME"), f->env().home()));
        f->env().writeFile(QStringLiteral("Documents/thesis.txt"), "four years of work\n");
        f->env().writeFile(QStringLiteral("Documents/keep.md"), "keep me\n");
        QVERIFY(QDir().mkpath(home(QStringLiteral(".claude/skills"))));
        QVERIFY(QDir().mkpath(home(QStringLiteral(".claude/rules"))));
        const QJsonObject manifest{{QStringLiteral("scopes"),
                                    QJsonObject{{QStringLiteral("user"), QJsonObject{{kind, QJsonObject{{slug, entry}}}}}}}};
        f->env().writeFile(QStringLiteral(".teamai/local-agent/manifest.json"), QJsonDocument(manifest).toJson());
        const auto documents = snapshotOf(home(QStringLiteral("Documents")));
        QCOMPARE(documents.size(), 2);

        const QString type = kind == QLatin1String("skills") ? QStringLiteral("uninstall_skill") : QStringLiteral("uninstall_rule");
        const QString field = kind == QLatin1String("skills") ? QStringLiteral("skill_slug") : QStringLiteral("rule_slug");
        f->server().queue(resourceCommand(1, type, {{field, slug}}));
        f->syncJson();
        QVERIFY(!ack(1).isEmpty());
        QCOMPARE(snapshotOf(home(QStringLiteral("Documents"))), documents);

        const TeamaiRun run = runTeamai({QStringLiteral("uninstall"), QStringLiteral("--force")});
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, 0);  // only the init hooks were TeamAI's, and they are removed
        QVERIFY2(run.err.contains("teamai uninstall: ignoring manifest "), run.err.constData());
        QCOMPARE(snapshotOf(home(QStringLiteral("Documents"))), documents);
    }
};

QTEST_GUILESS_MAIN(TestResourceOwnershipEndToEnd)
#include "tst_resource_ownership_e2e.moc"
