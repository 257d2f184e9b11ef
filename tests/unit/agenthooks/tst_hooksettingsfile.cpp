// HookSettingsFile: entry-level edits of an agent's hook settings that keep everything else.

#include "agenthooks/HookSettingsFile.h"
#include "TestCases.h"
#include "TestEnvironment.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

using namespace teamai::agenthooks;
using namespace teamai::test;

namespace {

QJsonObject parse(const QByteArray &json)
{
    return QJsonDocument::fromJson(json).object();
}

bool taggedX(const QJsonObject &hook)
{
    return hook.value(QStringLiteral("_teamai")).toString() == QLatin1String("x");
}

QJsonObject hookX(const QString &command)
{
    return QJsonObject{{QStringLiteral("type"), QStringLiteral("command")}, {QStringLiteral("command"), command},
                       {QStringLiteral("_teamai"), QStringLiteral("x")}};
}

// A settings.json with other keys, another tool's hook in the same event and a group that mixes
// someone else's hook with ours.
const char *const kNested =
    "{\"theme\": \"dark\", \"env\": {\"A\": \"1\"},"
    " \"hooks\": {\"Stop\": [{\"matcher\": \"\", \"hooks\": [{\"type\": \"command\", \"command\": \"other-tool stop\"}]},"
    "                      {\"matcher\": \"\", \"hooks\": [{\"type\": \"command\", \"command\": \"old\", \"_teamai\": \"x\"},"
    "                                                 {\"type\": \"command\", \"command\": \"neighbour\"}]}],"
    "            \"PreToolUse\": [{\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"guard\"}]}]}}";

} // namespace

class TestHookSettingsFile : public teamai::test::HomeTestCase
{
    Q_OBJECT
private slots:
    void ensureReplacesOursInPlaceAndKeepsTheRest()
    {
        const QString path = env->writeFile(QStringLiteral(".claude/settings.json"), kNested);
        HookSettingsFile::Loaded loaded = HookSettingsFile::load(path, HookLayout::Nested);
        QVERIFY(loaded.error.isEmpty());
        QVERIFY(loaded.file.ensureHook(QStringLiteral("Stop"), QString(), hookX(QStringLiteral("new")), taggedX));
        const bool written = loaded.file.changed();
        QVERIFY(loaded.file.saveIfChanged());
        QVERIFY(written);

        const QJsonObject root = parse(env->readFile(QStringLiteral(".claude/settings.json")));
        QCOMPARE(root.value(QStringLiteral("theme")).toString(), QStringLiteral("dark"));
        QCOMPARE(root.value(QStringLiteral("env")).toObject().value(QStringLiteral("A")).toString(), QStringLiteral("1"));
        const QJsonArray stop = root.value(QStringLiteral("hooks")).toObject().value(QStringLiteral("Stop")).toArray();
        QCOMPARE(stop.size(), 3);
        QCOMPARE(stop.at(0).toObject().value(QStringLiteral("hooks")).toArray().at(0).toObject().value(QStringLiteral("command")).toString(),
                 QStringLiteral("other-tool stop"));
        // Ours took the place of the old one; the neighbour in the old group stayed.
        QCOMPARE(stop.at(1).toObject().value(QStringLiteral("hooks")).toArray().at(0).toObject().value(QStringLiteral("command")).toString(),
                 QStringLiteral("new"));
        QCOMPARE(stop.at(2).toObject().value(QStringLiteral("hooks")).toArray().at(0).toObject().value(QStringLiteral("command")).toString(),
                 QStringLiteral("neighbour"));
        QCOMPARE(root.value(QStringLiteral("hooks")).toObject().value(QStringLiteral("PreToolUse")).toArray().size(), 1);

        // Again: nothing to do, nothing written.
        HookSettingsFile::Loaded again = HookSettingsFile::load(path, HookLayout::Nested);
        QVERIFY(!again.file.ensureHook(QStringLiteral("Stop"), QString(), hookX(QStringLiteral("new")), taggedX));
        const bool writtenAgain = again.file.changed();
        QVERIFY(again.file.saveIfChanged());
        QVERIFY(!writtenAgain);
    }

    void removeCleansUpWhatItEmptied()
    {
        const QString path = env->writeFile(QStringLiteral("s.json"), "{\"a\": 1}");
        HookSettingsFile::Loaded loaded = HookSettingsFile::load(path, HookLayout::Nested);
        loaded.file.ensureHook(QStringLiteral("SessionStart"), QString(), hookX(QStringLiteral("x")), taggedX);
        QCOMPARE(loaded.file.removeHooks(taggedX), QStringList{QStringLiteral("SessionStart")});
        QCOMPARE(loaded.file.json(), parse("{\"a\": 1}"));
        QVERIFY(!loaded.file.changed());
    }

    void flatLayout()
    {
        const QString path = env->writeFile(QStringLiteral(".cursor/hooks.json"),
                                              "{\"version\": 1, \"hooks\": {\"stop\": [{\"command\": \"theirs\"}]}}");
        HookSettingsFile::Loaded loaded = HookSettingsFile::load(path, HookLayout::Flat);
        const QJsonObject hook{{QStringLiteral("command"), QStringLiteral("ours")}, {QStringLiteral("_teamai"), QStringLiteral("x")}};
        QVERIFY(loaded.file.ensureHook(QStringLiteral("stop"), QStringLiteral("Shell"), hook, taggedX));
        const QJsonArray stop = loaded.file.json().value(QStringLiteral("hooks")).toObject().value(QStringLiteral("stop")).toArray();
        QCOMPARE(stop.size(), 2);
        QCOMPARE(stop.at(1).toObject().value(QStringLiteral("matcher")).toString(), QStringLiteral("Shell"));
        QVERIFY(!loaded.file.ensureHook(QStringLiteral("stop"), QStringLiteral("Shell"), hook, taggedX));
        QCOMPARE(loaded.file.findHooks(taggedX).size(), 1);
        loaded.file.removeHooks(taggedX);
        QVERIFY(!loaded.file.changed());
    }

    void aNewFlatFileGetsAVersion()
    {
        HookSettingsFile::Loaded loaded = HookSettingsFile::load(env->home() + QStringLiteral("/new/hooks.json"), HookLayout::Flat);
        QVERIFY(loaded.error.isEmpty());
        loaded.file.ensureHook(QStringLiteral("stop"), QString(), QJsonObject{{QStringLiteral("_teamai"), QStringLiteral("x")}}, taggedX);
        QCOMPARE(loaded.file.json().value(QStringLiteral("version")).toInt(), 1);
        QVERIFY(loaded.file.saveIfChanged());
        QCOMPARE(QFileInfo(env->home() + QStringLiteral("/new/hooks.json")).permissions() & 0x0077, QFileDevice::Permissions());
    }

    void invalidFilesAreNotTouched()
    {
        const QString broken = env->writeFile(QStringLiteral("broken.json"), "{ not json");
        QVERIFY(!HookSettingsFile::load(broken, HookLayout::Nested).error.isEmpty());
        const QString wrong = env->writeFile(QStringLiteral("wrong.json"), "{\"hooks\": []}");
        QVERIFY(!HookSettingsFile::load(wrong, HookLayout::Nested).error.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestHookSettingsFile)
#include "tst_hooksettingsfile.moc"
