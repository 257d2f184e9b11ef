// ResourceStore in-process: skills (atomic replace, names from front matter, refusals), rules,
// claudemd blocks and the manifest, in a temporary HOME.

#include "resources/InstalledResources.h"
#include "resources/Manifest.h"
#include "resources/ResourceNames.h"
#include "resources/ResourceStore.h"
#include "tools/ToolTable.h"
#include "TestArchives.h"
#include "FileTree.h"
#include "TestCases.h"
#include "TestEnvironment.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>

using namespace teamai;
using namespace teamai::resources;
using namespace teamai::test;
using teamai::test::readFileAt;

namespace {

QByteArray skillMd(const QString &name, const QString &version, const QString &body = QStringLiteral("body"))
{
    QString text = QStringLiteral("---\nname: %1\n").arg(name);
    if (!version.isEmpty())
        text += QStringLiteral("version: %1\n").arg(version);
    return (text + QStringLiteral("description: test\n---\n\n") + body + u'\n').toUtf8();
}

} // namespace

class TestResourceStore : public teamai::test::HomeTestCase
{
    Q_OBJECT
private:
    teamai::test::ScratchFiles m_downloads;

    QString payload(const QByteArray &bytes) { return m_downloads.write(bytes, QStringLiteral("payload")); }
    QString skillZip(const QString &name, const QString &version, const QString &body = QStringLiteral("body"))
    {
        return payload(makeArchive({dirEntry(name + u'/'), fileEntry(name + QStringLiteral("/SKILL.md"), skillMd(name, version, body)),
                                    fileEntry(name + QStringLiteral("/reference/notes.md"), "notes")}));
    }
    static ResourceScope user() { return ResourceScope::fromKey(QStringLiteral("user")); }
    static const ToolInfo &claude() { return *findTool(QStringLiteral("claude")); }
    static ResourceRequest request(ResourceKind kind, const QString &slug, const QString &version = {})
    {
        ResourceRequest r;
        r.kind = kind;
        r.slug = slug;
        r.version = version;
        return r;
    }
    QString home(const QString &relative) const { return env->home() + u'/' + relative; }

private slots:
    void skillIsNamedAfterItsFrontMatter()
    {
        ResourceStore store(claude());
        const ResourceOutcome outcome = store.install(user(), request(ResourceKind::Skill, QStringLiteral("my-tool"), QStringLiteral("0.9")),
                                                     skillZip(QStringLiteral("My Tool"), QStringLiteral("1.0")));
        QVERIFY2(outcome.ok, qPrintable(outcome.error));
        QCOMPARE(outcome.version, QStringLiteral("1.0"));  // the front matter wins
        QVERIFY(QFile::exists(home(QStringLiteral(".claude/skills/My Tool/SKILL.md"))));
        QCOMPARE(readFileAt(home(QStringLiteral(".claude/skills/My Tool/reference/notes.md"))), QByteArray("notes"));
        QVERIFY(!QFile::exists(home(QStringLiteral(".claude/skills/my-tool"))));

        const Manifest manifest = Manifest::load().manifest;
        const QJsonObject entry = manifest.entry(QStringLiteral("user"), ResourceKind::Skill, QStringLiteral("my-tool"));
        QCOMPARE(entry.value(QStringLiteral("dir_name")).toString(), QStringLiteral("My Tool"));
        QCOMPARE(entry.value(QStringLiteral("version")).toString(), QStringLiteral("1.0"));
        QCOMPARE(entry.value(QStringLiteral("source")).toString(), QStringLiteral("enterprise"));
        QCOMPARE(entry.value(QStringLiteral("tools")).toArray(), QJsonArray{QStringLiteral("claude")});
        QVERIFY(!entry.value(QStringLiteral("installed_at")).toString().isEmpty());

        const QJsonArray listed = installed::skills(env->home(), claude(), manifest, QStringLiteral("user"));
        QCOMPARE(listed.size(), 1);
        QCOMPARE(listed.at(0).toObject().value(QStringLiteral("source")).toString(), QStringLiteral("enterprise"));
        // Another agent's copy of the same name is not ours.
        QDir().mkpath(home(QStringLiteral(".codex/skills/My Tool")));
        QFile::copy(home(QStringLiteral(".claude/skills/My Tool/SKILL.md")), home(QStringLiteral(".codex/skills/My Tool/SKILL.md")));
        const QJsonArray codex = installed::skills(env->home(), *findTool(QStringLiteral("codex")), manifest, QStringLiteral("user"));
        QCOMPARE(codex.at(0).toObject().value(QStringLiteral("source")).toString(), QStringLiteral("local"));
    }

    void toolsWithoutAFolderListNothingOfHome()
    {
        // hermes has no rules folder: the report must not walk HOME and list its Markdown files.
        env->writeFile(QStringLiteral("notes.md"), "# private notes\n");
        env->writeFile(QStringLiteral("work/todo.md"), "# todo\n");
        const ToolInfo &hermes = *findTool(QStringLiteral("hermes"));
        QVERIFY(hermes.rulesDir.isEmpty());
        QCOMPARE(installed::rules(env->home(), hermes, Manifest(), QStringLiteral("user")), QJsonArray());
    }

    void replacingWhileAReaderHoldsFilesOpen()
    {
        ResourceStore store(claude());
        QVERIFY(store.install(user(), request(ResourceKind::Skill, QStringLiteral("s")), skillZip(QStringLiteral("s"), QStringLiteral("1"), QStringLiteral("old"))).ok);
        QFile reader(home(QStringLiteral(".claude/skills/s/SKILL.md")));
        QVERIFY(reader.open(QIODevice::ReadOnly));
        const ResourceOutcome second = store.install(user(), request(ResourceKind::Skill, QStringLiteral("s")),
                                                    skillZip(QStringLiteral("s"), QStringLiteral("2"), QStringLiteral("new")));
        QVERIFY2(second.ok, qPrintable(second.error));
        QVERIFY(reader.readAll().contains("old"));  // the open file is the old one, whole
        QVERIFY(readFileAt(home(QStringLiteral(".claude/skills/s/SKILL.md"))).contains("new"));
        const QStringList left = QDir(home(QStringLiteral(".claude/skills"))).entryList(QDir::Dirs | QDir::Hidden | QDir::NoDotAndDotDot);
        QCOMPARE(left, QStringList{QStringLiteral("s")});
    }

    void renamedSkillRemovesItsOldFolder()
    {
        ResourceStore store(claude());
        QVERIFY(store.install(user(), request(ResourceKind::Skill, QStringLiteral("s")), skillZip(QStringLiteral("old-name"), {})).ok);
        QVERIFY(store.install(user(), request(ResourceKind::Skill, QStringLiteral("s")), skillZip(QStringLiteral("new-name"), {})).ok);
        QVERIFY(!QFile::exists(home(QStringLiteral(".claude/skills/old-name"))));
        QVERIFY(QFile::exists(home(QStringLiteral(".claude/skills/new-name/SKILL.md"))));
    }

    void refusals_data()
    {
        QTest::addColumn<QByteArray>("archive");
        QTest::addColumn<QString>("error");
        QTest::newRow("no SKILL.md") << makeArchive({fileEntry(QStringLiteral("x/README.md"), "x")}) << QStringLiteral("No SKILL.md in the archive");
        QTest::newRow("two skills") << makeArchive({fileEntry(QStringLiteral("a/SKILL.md"), skillMd(QStringLiteral("a"), {})),
                                                    fileEntry(QStringLiteral("b/SKILL.md"), skillMd(QStringLiteral("b"), {}))})
                                    << QStringLiteral("More than one SKILL.md at the top of the archive");
        QTest::newRow("hostile name") << makeArchive({fileEntry(QStringLiteral("a/SKILL.md"), skillMd(QStringLiteral("../../x"), {}))})
                                      << QStringLiteral("Invalid skill name in SKILL.md: ../../x");
        QTest::newRow("hostile version") << makeArchive({fileEntry(QStringLiteral("a/SKILL.md"), skillMd(QStringLiteral("a"), QStringLiteral("../../v")))})
                                         << QStringLiteral("Invalid version in SKILL.md: ../../v");
        QTest::newRow("huge name echoed short")
            << makeArchive({fileEntry(QStringLiteral("a/SKILL.md"), skillMd(QStringLiteral("CON") + QString(5000, u'/'), {}))})
            << QStringLiteral("Invalid skill name in SKILL.md: %1").arg(resources::echoedName(QStringLiteral("CON") + QString(5000, u'/')));
        QTest::newRow("dotdot") << makeArchive({fileEntry(QStringLiteral("a/SKILL.md"), skillMd(QStringLiteral("a"), {})),
                                                fileEntry(QStringLiteral("../evil.txt"), "x")})
                                << QStringLiteral("Unsafe archive entry: ../evil.txt");
        QTest::newRow("not an archive") << QByteArray("# hello\n") << QString();
    }
    void refusals()
    {
        QFETCH(QByteArray, archive);
        QFETCH(QString, error);
        ResourceStore store(claude());
        const ResourceOutcome outcome = store.install(user(), request(ResourceKind::Skill, QStringLiteral("x")), payload(archive));
        QVERIFY(!outcome.ok);
        if (!error.isEmpty())
            QCOMPARE(outcome.error, error);
        QVERIFY(!QFile::exists(home(QStringLiteral(".claude/skills"))));
        QVERIFY(!QFile::exists(env->home() + QStringLiteral("/evil.txt")));
        QVERIFY(Manifest::load().manifest.entries(QStringLiteral("user"), ResourceKind::Skill).isEmpty());
    }

    void aFolderThatIsNotOursIsNeverOverwritten()
    {
        env->writeFile(QStringLiteral(".claude/skills/mine/SKILL.md"), "my own skill");
        ResourceStore store(claude());
        const ResourceOutcome outcome = store.install(user(), request(ResourceKind::Skill, QStringLiteral("mine")), skillZip(QStringLiteral("mine"), {}));
        QVERIFY(!outcome.ok);
        QVERIFY(outcome.error.contains(QStringLiteral("was not installed by TeamAI")));
        QCOMPARE(env->readFile(QStringLiteral(".claude/skills/mine/SKILL.md")), QByteArray("my own skill"));
        env->writeFile(QStringLiteral(".claude/rules/style.md"), "mine");
        QVERIFY(!store.install(user(), request(ResourceKind::Rule, QStringLiteral("style")), payload("# theirs\n")).ok);
        QCOMPARE(env->readFile(QStringLiteral(".claude/rules/style.md")), QByteArray("mine"));
    }

    void uninstallRemovesOnlyOurs()
    {
        ResourceStore store(claude());
        QVERIFY(store.install(user(), request(ResourceKind::Skill, QStringLiteral("my-tool")), skillZip(QStringLiteral("My Tool"), QStringLiteral("3"))).ok);
        env->writeFile(QStringLiteral(".claude/skills/local/SKILL.md"), "local");
        const ResourceOutcome removed = store.uninstall(user(), ResourceKind::Skill, QStringLiteral("my-tool"));
        QVERIFY2(removed.ok, qPrintable(removed.error));
        QCOMPARE(removed.version, QStringLiteral("3"));
        QVERIFY(!QFile::exists(home(QStringLiteral(".claude/skills/My Tool"))));
        QVERIFY(QFile::exists(home(QStringLiteral(".claude/skills/local/SKILL.md"))));
        QVERIFY(Manifest::load().manifest.entries(QStringLiteral("user"), ResourceKind::Skill).isEmpty());
        const ResourceOutcome unknown = store.uninstall(user(), ResourceKind::Skill, QStringLiteral("local"));
        QVERIFY(unknown.ok);
        QVERIFY(QFile::exists(home(QStringLiteral(".claude/skills/local/SKILL.md"))));
    }

    void oneEntryServesSeveralAgents()
    {
        ResourceStore claudeStore(claude());
        ResourceStore codexStore(*findTool(QStringLiteral("codex")));
        QVERIFY(claudeStore.install(user(), request(ResourceKind::Rule, QStringLiteral("style")), payload("# Style\n")).ok);
        QVERIFY(codexStore.install(user(), request(ResourceKind::Rule, QStringLiteral("style")), payload("# Style\n")).ok);
        QCOMPARE(Manifest::load().manifest.entry(QStringLiteral("user"), ResourceKind::Rule, QStringLiteral("style"))
                     .value(QStringLiteral("tools")).toArray().size(), 2);
        QVERIFY(claudeStore.uninstall(user(), ResourceKind::Rule, QStringLiteral("style")).ok);
        QVERIFY(!QFile::exists(home(QStringLiteral(".claude/rules/style.md"))));
        QVERIFY(QFile::exists(home(QStringLiteral(".codex/rules/style.md"))));
        QCOMPARE(Manifest::load().manifest.entry(QStringLiteral("user"), ResourceKind::Rule, QStringLiteral("style"))
                     .value(QStringLiteral("tools")).toArray(), QJsonArray{QStringLiteral("codex")});
        QCOMPARE(codexStore.installedByTeamai().size(), 1);
        QVERIFY(claudeStore.installedByTeamai().isEmpty());
    }

    void rulesFromMarkdownOrAZipWithOneMarkdown()
    {
        ResourceStore store(claude());
        QVERIFY(store.install(user(), request(ResourceKind::Rule, QStringLiteral("a"), QStringLiteral("2")), payload("# A\n")).ok);
        QCOMPARE(env->readFile(QStringLiteral(".claude/rules/a.md")), QByteArray("# A\n"));
        QVERIFY(store.install(user(), request(ResourceKind::Rule, QStringLiteral("b")),
                              payload(makeArchive({fileEntry(QStringLiteral("whatever.md"), "# B\n")}))).ok);
        QCOMPARE(env->readFile(QStringLiteral(".claude/rules/b.md")), QByteArray("# B\n"));
        const ResourceOutcome two = store.install(user(), request(ResourceKind::Rule, QStringLiteral("c")),
                                                  payload(makeArchive({fileEntry(QStringLiteral("1.md"), "1"), fileEntry(QStringLiteral("2.md"), "2")})));
        QVERIFY(!two.ok);
        QCOMPARE(two.error, QStringLiteral("Expected one .md file in the archive, found 2"));
        QVERIFY(!store.install(user(), request(ResourceKind::Rule, QStringLiteral("d")), payload(QByteArray("bin\0ary", 7))).ok);
    }

    void claudeMdBlocksMergeAndLeaveTheRestAlone()
    {
        ResourceStore store(claude());
        // No ~/.claude: the instruction file is not created.
        const ResourceOutcome noFolder = store.install(user(), request(ResourceKind::ClaudeMd, QStringLiteral("b")), payload("B\n"));
        QVERIFY(!noFolder.ok);
        QVERIFY(!QFile::exists(home(QStringLiteral(".claude/CLAUDE.md"))));

        const QByteArray mine = "# My instructions\r\nKeep   this.\r\n";
        env->writeFile(QStringLiteral(".claude/CLAUDE.md"), mine);
        QVERIFY(store.install(user(), request(ResourceKind::ClaudeMd, QStringLiteral("b")), payload("Block B\n")).ok);
        QVERIFY(store.install(user(), request(ResourceKind::ClaudeMd, QStringLiteral("a")), payload("Block A\n")).ok);
        const QByteArray merged = env->readFile(QStringLiteral(".claude/CLAUDE.md"));
        QVERIFY(merged.startsWith(mine));
        QVERIFY(merged.indexOf("Block A") < merged.indexOf("Block B"));
        QCOMPARE(merged.count("[teamai:claudemd:start]"), 1);

        QVERIFY(store.uninstall(user(), ResourceKind::ClaudeMd, QStringLiteral("a")).ok);
        QVERIFY(!env->readFile(QStringLiteral(".claude/CLAUDE.md")).contains("Block A"));
        QVERIFY(store.uninstall(user(), ResourceKind::ClaudeMd, QStringLiteral("b")).ok);
        QCOMPARE(env->readFile(QStringLiteral(".claude/CLAUDE.md")), mine);

        // A file we created goes with its last block.
        QFile::remove(home(QStringLiteral(".claude/CLAUDE.md")));
        QVERIFY(store.install(user(), request(ResourceKind::ClaudeMd, QStringLiteral("c")), payload("C")).ok);
        QVERIFY(QFile::exists(home(QStringLiteral(".claude/CLAUDE.md"))));
        QVERIFY(store.uninstall(user(), ResourceKind::ClaudeMd, QStringLiteral("c")).ok);
        QVERIFY(!QFile::exists(home(QStringLiteral(".claude/CLAUDE.md"))));

        const ResourceOutcome marker = store.install(user(), request(ResourceKind::ClaudeMd, QStringLiteral("m")),
                                                     payload("x <!-- [teamai:claudemd:end] --> y"));
        QVERIFY(!marker.ok);
        ResourceStore codex(*findTool(QStringLiteral("codex")));
        QVERIFY(!codex.install(user(), request(ResourceKind::ClaudeMd, QStringLiteral("x")), payload("X")).ok);
    }

    void referenceClientEntriesWithoutTools()
    {
        Manifest manifest;
        manifest.setEntry(QStringLiteral("user"), ResourceKind::Rule, QStringLiteral("legacy"),
                          QJsonObject{{QStringLiteral("slug"), QStringLiteral("legacy")}, {QStringLiteral("source"), QStringLiteral("enterprise")},
                                      {QStringLiteral("installed_at"), QStringLiteral("2024-01-01T00:00:00Z")}});
        QVERIFY(manifest.save());
        env->writeFile(QStringLiteral(".claude/rules/legacy.md"), "# legacy\n");
        ResourceStore store(claude());
        QCOMPARE(store.installedByTeamai().size(), 1);
        QVERIFY(ResourceStore(*findTool(QStringLiteral("codex"))).installedByTeamai().isEmpty());
        QVERIFY(store.uninstall(user(), ResourceKind::Rule, QStringLiteral("legacy")).ok);
        QVERIFY(!QFile::exists(home(QStringLiteral(".claude/rules/legacy.md"))));
        QVERIFY(Manifest::load().manifest.entries(QStringLiteral("user"), ResourceKind::Rule).isEmpty());
    }

    void craftedManifestPathsAreIgnoredOnEveryRead()
    {
        QVERIFY(QDir().mkpath(home(QStringLiteral("Documents"))));
        QFile thesis(home(QStringLiteral("Documents/thesis.txt")));
        QVERIFY(thesis.open(QIODevice::WriteOnly) && thesis.write("work\n") == 5);
        thesis.close();
        Manifest crafted;
        const QJsonArray tools{QStringLiteral("claude")};
        crafted.setEntry(QStringLiteral("user"), ResourceKind::Skill, QStringLiteral("evil"),
                         QJsonObject{{QStringLiteral("dir_name"), QStringLiteral("../../Documents")}, {QStringLiteral("tools"), tools}});
        crafted.setEntry(QStringLiteral("user"), ResourceKind::Rule, QStringLiteral("../../Documents/thesis"),
                         QJsonObject{{QStringLiteral("tools"), tools}});
        crafted.setEntry(QStringLiteral("project:/tmp/../etc"), ResourceKind::Rule, QStringLiteral("passwd"),
                         QJsonObject{{QStringLiteral("tools"), tools}});
        const Status saved = crafted.save();
        QVERIFY2(saved, qPrintable(saved.error()));

        ResourceStore store(claude());
        QVERIFY(store.installedByTeamai().isEmpty());
        const ResourceOutcome outcome = store.uninstall(user(), ResourceKind::Skill, QStringLiteral("evil"));
        QVERIFY2(outcome.ok, qPrintable(outcome.error));
        QCOMPARE(readFileAt(home(QStringLiteral("Documents/thesis.txt"))), QByteArray("work\n"));
        const Manifest loaded = Manifest::load().manifest;
        QVERIFY(loaded.entry(QStringLiteral("user"), ResourceKind::Skill, QStringLiteral("evil")).isEmpty());
        QCOMPARE(loaded.scopeKeys(), QStringList{QStringLiteral("user")});
        QVERIFY(loaded.skillFolderOwner(QStringLiteral("user"), QStringLiteral("../../Documents"), QStringLiteral("claude")).isEmpty());
        // Ignored, not dropped: the file still holds what it held.
        QVERIFY(loaded.raw().value(QStringLiteral("scopes")).toObject().value(QStringLiteral("user")).toObject()
                    .value(QStringLiteral("skills")).toObject().contains(QStringLiteral("evil")));
    }
};

QTEST_GUILESS_MAIN(TestResourceStore)
#include "tst_resourcestore.moc"
