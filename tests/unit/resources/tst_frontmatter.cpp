#include "resources/FrontMatter.h"

#include <QtTest>

using namespace teamai;

class TestFrontMatter : public QObject
{
    Q_OBJECT
private slots:
    void parsesPairs()
    {
        const auto fields = parseFrontMatter("---\nname: my-skill\nversion: \"1.2.0\"\ndescription: 'Does: things'\n---\n# Body\nname: not this\n");
        QCOMPARE(fields.value(QStringLiteral("name")), QStringLiteral("my-skill"));
        QCOMPARE(fields.value(QStringLiteral("version")), QStringLiteral("1.2.0"));
        QCOMPARE(fields.value(QStringLiteral("description")), QStringLiteral("Does: things"));
        QCOMPARE(fields.size(), 3);
    }
    void toleratesBomAndCrlf()
    {
        const auto fields = parseFrontMatter("\xEF\xBB\xBF---\r\nname: x\r\n---\r\n");
        QCOMPARE(fields.value(QStringLiteral("name")), QStringLiteral("x"));
    }
    void noFrontMatter()
    {
        QVERIFY(parseFrontMatter("# Title\nname: x\n").isEmpty());
        QVERIFY(parseFrontMatter("---\nname: x\n").isEmpty());  // never closed
        QVERIFY(parseFrontMatter("").isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestFrontMatter)
#include "tst_frontmatter.moc"
