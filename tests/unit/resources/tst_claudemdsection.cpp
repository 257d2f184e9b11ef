// The TeamAI section of an instruction file: byte-for-byte promises outside the markers.

#include "resources/ClaudeMdSection.h"

#include "DataTable.h"

#include <QtTest>

using namespace teamai::resources;

namespace {

QMap<QString, QByteArray> blocks(std::initializer_list<std::pair<const char *, const char *>> list)
{
    QMap<QString, QByteArray> map;
    for (const auto &[slug, text] : list)
        map.insert(QString::fromLatin1(slug), QByteArray(text));
    return map;
}

} // namespace

class TestClaudeMdSection : public QObject
{
    Q_OBJECT
private slots:
    void appendsSortedBlocksAfterABlankLine()
    {
        const claudemd::Merged merged = claudemd::merge("# Mine\n", blocks({{"zeta", "Z\n\n"}, {"alpha", "A"}}));
        QVERIFY(merged.ok);
        QCOMPARE(merged.text, QByteArray("# Mine\n\n<!-- [teamai:claudemd:start] -->\nA\n\nZ\n<!-- [teamai:claudemd:end] -->\n"));
    }

    void roundTripGivesTheOriginalBack_data() { teamai::test::loadTable(); }
    void roundTripGivesTheOriginalBack()
    {
        QFETCH(QByteArray, original);
        const claudemd::Merged installed = claudemd::merge(original, blocks({{"a", "A"}}));
        QVERIFY(installed.ok);
        QVERIFY(installed.text.startsWith(original));
        const claudemd::Merged updated = claudemd::merge(installed.text, blocks({{"a", "A2"}, {"b", "B"}}));
        QVERIFY(updated.text.startsWith(original));
        const claudemd::Merged removed = claudemd::merge(updated.text, {});
        QVERIFY(removed.ok);
        if (original.endsWith('\n') || original.isEmpty())
            QCOMPARE(removed.text, original);
        else
            QCOMPARE(removed.text, original + '\n');  // the one newline added for it stays
    }

    void textAroundTheSectionIsUntouched()
    {
        const QByteArray before = "intro\n\n";
        const QByteArray after = "\n## After\ntrailing text without newline";
        const QByteArray file = before + claudemd::startMarker() + "\nold\n" + claudemd::endMarker() + after;
        const claudemd::Merged merged = claudemd::merge(file, blocks({{"x", "new"}}));
        QVERIFY(merged.ok);
        QCOMPARE(merged.text, before + claudemd::startMarker() + "\nnew\n" + claudemd::endMarker() + after);
    }

    void noBlocksAndNoSectionChangesNothing()
    {
        const claudemd::Merged merged = claudemd::merge("keep\n", {});
        QVERIFY(merged.ok);
        QCOMPARE(merged.text, QByteArray("keep\n"));
    }

    void startWithoutEndIsAnError()
    {
        const claudemd::Merged merged = claudemd::merge("x\n" + claudemd::startMarker() + "\nbroken", blocks({{"a", "A"}}));
        QVERIFY(!merged.ok);
        QVERIFY(!merged.error.isEmpty());
    }

    void markersInABlockAreDetected()
    {
        QVERIFY(claudemd::containsMarker("a " + claudemd::endMarker()));
        QVERIFY(!claudemd::containsMarker("<!-- another comment -->"));
    }
};

QTEST_GUILESS_MAIN(TestClaudeMdSection)
#include "tst_claudemdsection.moc"
