// Names a hostile backend may send (issue #12 item 8): versions validated like slugs, and slugs
// that are reserved or invalid on Windows refused on every platform. The devserver pushes them,
// the real `teamai sync` handles them in a temporary HOME, and the test checks the acks the
// backend received, what the agent downloaded, and that nothing was written.

#include "AgentTestCase.h"
#include "FileTree.h"
#include "JsonLookup.h"

#include <QDir>
#include <QJsonDocument>
#include <QtTest>

using namespace teamai::test;

namespace {

const char *const kUserSettings = "{\"model\": \"opus\"}";

} // namespace

class TestNamesEndToEnd : public AgentTestCase
{
    Q_OBJECT
private:
    QString home(const QString &relative) const { return f->env().home() + u'/' + relative; }
    QJsonObject skill(qint64 id, const QString &slug, const QString &version, const QString &download)
    {
        QJsonObject fields{{QStringLiteral("skill_slug"), slug}, {QStringLiteral("download_url"), url(download)}};
        if (!version.isEmpty())
            fields.insert(QStringLiteral("skill_version"), version);
        return resourceCommand(id, QStringLiteral("install_skill"), fields);
    }
    void expectRefused(const QJsonObject &syncResult, qint64 id, const QString &outcome, const QString &error)
    {
        const QJsonObject ack = f->ackFor(id);
        QCOMPARE(ack.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
        QCOMPARE(ack.value(QStringLiteral("error")).toString(), error);
        QVERIFY(!ack.contains(QStringLiteral("version")));
        QCOMPARE(AgentFixture::commandIn(syncResult, id).value(QStringLiteral("outcome")).toString(), outcome);
    }
    QStringList downloadedPaths()
    {
        return stringsOf(f->server().requests(QStringLiteral("download")), QStringLiteral("path"));
    }

private slots:
    void hostileResourceNamesAreRefusedAndNothingIsWritten()
    {
        const QString huge(5000, u'a');
        f->server().queue(QJsonArray{
            skill(1, QStringLiteral("good-name"), QStringLiteral("../../x"), QStringLiteral("/download/skill/v.zip")),
            skill(2, QStringLiteral("CON"), QString(), QStringLiteral("/download/skill/con.zip")),
            skill(3, QStringLiteral("name."), QString(), QStringLiteral("/download/skill/dot.zip")),
            skill(4, QStringLiteral("lpt1.txt"), QStringLiteral("1.0"), QStringLiteral("/download/skill/lpt.zip")),
            skill(5, huge, QString(), QStringLiteral("/download/skill/huge.zip")),
            resourceCommand(6, QStringLiteral("install_rule"), {{QStringLiteral("rule_slug"), QStringLiteral("a|b")},
                                                        {QStringLiteral("download_url"), url(QStringLiteral("/download/rule/r.md"))}}),
            resourceCommand(7, QStringLiteral("uninstall_claudemd"), {{QStringLiteral("claudemd_slug"), QStringLiteral("z")},
                                                              {QStringLiteral("resource_version"), QStringLiteral("/etc/passwd")}}),
            // A valid slug whose SKILL.md names the folder after a Windows device.
            skill(8, QStringLiteral("fine"), QString(), QStringLiteral("/download/skill/fine.zip?name=CON")),
        });
        const QJsonObject result = f->syncJson();

        expectRefused(result, 1, QStringLiteral("rejected"), QStringLiteral("Invalid resource version: ../../x"));
        expectRefused(result, 2, QStringLiteral("rejected"), QStringLiteral("Invalid resource slug: CON"));
        expectRefused(result, 3, QStringLiteral("rejected"), QStringLiteral("Invalid resource slug: name."));
        expectRefused(result, 4, QStringLiteral("rejected"), QStringLiteral("Invalid resource slug: lpt1.txt"));
        expectRefused(result, 5, QStringLiteral("rejected"), QStringLiteral("Invalid resource slug: ") + QString(64, u'a') + u'\u2026');
        expectRefused(result, 6, QStringLiteral("rejected"), QStringLiteral("Invalid resource slug: a|b"));
        expectRefused(result, 7, QStringLiteral("rejected"), QStringLiteral("Invalid resource version: /etc/passwd"));
        expectRefused(result, 8, QStringLiteral("failed"), QStringLiteral("Invalid skill name in SKILL.md: CON"));

        // Names are checked before anything is fetched: only the valid slug was downloaded.
        QCOMPARE(downloadedPaths(), QStringList{QStringLiteral("/download/skill/fine.zip")});
        QVERIFY(!QFile::exists(home(QStringLiteral(".claude"))));
        QVERIFY(!QFile::exists(home(QStringLiteral("x"))));
        QVERIFY(!QFile::exists(f->env().stateDir() + QStringLiteral("/manifest.json")));
        QCOMPARE(treeOf(f->env().stateDir() + QStringLiteral("/tmp")), QStringList());
    }

    void hostileHookRuleNamesAreRefused()
    {
        f->env().writeFile(QStringLiteral(".claude/settings.json"), kUserSettings);
        auto rule = [](qint64 id, const QString &slug, const QString &version) {
            QJsonObject fields{{QStringLiteral("slug"), slug}, {QStringLiteral("event"), QStringLiteral("Stop")},
                               {QStringLiteral("cmd"), QStringLiteral("echo hi")}};
            if (!version.isEmpty())
                fields.insert(QStringLiteral("version"), version);
            return resourceCommand(id, QStringLiteral("install_hook_rule"), fields);
        };
        f->server().queue(QJsonArray{rule(10, QStringLiteral("aux"), QString()), rule(11, QStringLiteral("ok"), QStringLiteral("..\\..\\v")),
                                     rule(12, QStringLiteral("nul .log"), QStringLiteral("2"))});
        const QJsonObject result = f->syncJson();
        expectRefused(result, 10, QStringLiteral("rejected"), QStringLiteral("Invalid resource slug: aux"));
        expectRefused(result, 11, QStringLiteral("rejected"), QStringLiteral("Invalid resource version: ..\\..\\v"));
        expectRefused(result, 12, QStringLiteral("rejected"), QStringLiteral("Invalid resource slug: nul .log"));
        QCOMPARE(f->env().readFile(QStringLiteral(".claude/settings.json")), QByteArray(kUserSettings));
        QVERIFY(!QFile::exists(f->env().stateDir() + QStringLiteral("/agent-hooks.json")));
    }
};

QTEST_GUILESS_MAIN(TestNamesEndToEnd)
#include "tst_names_e2e.moc"
