// SafePath: the real-path check every writer of agent files uses — links in each component,
// `..`, absolute and relative links, links that stay inside, dangling links — and the writes
// built on it, asserted on the bytes of the files inside and outside the base.

#include "util/SafePath.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace teamai;

namespace {

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<missing>");
}

void writeAll(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
}

QFileDevice::Permissions modeBits(const QString &path)
{
    return QFile::permissions(path) & ~(QFile::ReadUser | QFile::WriteUser | QFile::ExeUser);
}

} // namespace

class TestSafePath : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<QTemporaryDir> m_tmp;
    QString base() const { return m_tmp->filePath(QStringLiteral("ws")); }
    QString outside() const { return m_tmp->filePath(QStringLiteral("outside")); }
    QString in(const QString &relative) const { return base() + u'/' + relative; }
    static void link(const QString &target, const QString &at) { QVERIFY(QFile::link(target, at)); }

private slots:
    void init()
    {
        m_tmp = std::make_unique<QTemporaryDir>();
        QVERIFY(QDir().mkpath(base() + QStringLiteral("/.claude")));
        QVERIFY(QDir().mkpath(outside()));
        writeAll(outside() + QStringLiteral("/bashrc"), "export PATH=/usr/bin\n");
    }
    void cleanup() { m_tmp.reset(); }

    void plainPathsInsideAreAllowed()
    {
        const safepath::Resolved existing = safepath::checkInside(base(), in(QStringLiteral(".claude")));
        QVERIFY2(existing.ok, qPrintable(existing.error));
        QCOMPARE(existing.realPath, QFileInfo(in(QStringLiteral(".claude"))).canonicalFilePath());
        const safepath::Resolved missing = safepath::checkInside(base(), in(QStringLiteral(".claude/skills/new/SKILL.md")));
        QVERIFY2(missing.ok, qPrintable(missing.error));
        QVERIFY(missing.realPath.endsWith(QLatin1String("/ws/.claude/skills/new/SKILL.md")));
    }

    void dotDotLeavingTheBaseIsRefused()
    {
        const safepath::Resolved up = safepath::checkInside(base(), in(QStringLiteral(".claude/../../outside/bashrc")));
        QVERIFY(!up.ok);
        QVERIFY2(up.error.contains(QLatin1String("is outside")), qPrintable(up.error));
        QVERIFY(!safepath::checkInside(base(), QStringLiteral("relative/path")).ok);
        // `..` that stays inside is only a spelling.
        QVERIFY(safepath::checkInside(base(), in(QStringLiteral(".claude/../.claude/CLAUDE.md"))).ok);
    }

    void aLinkInAnyComponentLeavingTheBaseIsRefused_data()
    {
        QTest::addColumn<QString>("linkAt");      // relative to the base
        QTest::addColumn<QString>("target");      // as written in the link
        QTest::addColumn<QString>("path");        // what is checked, relative to the base
        QTest::newRow("tool folder, absolute") << QStringLiteral(".claude2") << QStringLiteral("OUTSIDE") << QStringLiteral(".claude2/skills/x/SKILL.md");
        QTest::newRow("rules dir, relative") << QStringLiteral(".claude/rules") << QStringLiteral("../../outside") << QStringLiteral(".claude/rules/style.md");
        QTest::newRow("skills dir, absolute") << QStringLiteral(".claude/skills") << QStringLiteral("OUTSIDE") << QStringLiteral(".claude/skills/x");
        QTest::newRow("final file") << QStringLiteral(".claude/CLAUDE.md") << QStringLiteral("../../outside/bashrc") << QStringLiteral(".claude/CLAUDE.md");
        QTest::newRow("link to above the base") << QStringLiteral(".claude/up") << QStringLiteral("../..") << QStringLiteral(".claude/up/outside/bashrc");
        QTest::newRow("link to /") << QStringLiteral(".claude/root") << QStringLiteral("/") << QStringLiteral(".claude/root/etc/passwd");
    }
    void aLinkInAnyComponentLeavingTheBaseIsRefused()
    {
        QFETCH(QString, linkAt);
        QFETCH(QString, target);
        QFETCH(QString, path);
        target.replace(QLatin1String("OUTSIDE"), outside());
        link(target, in(linkAt));
        const safepath::Resolved checked = safepath::checkInside(base(), in(path));
        QVERIFY(!checked.ok);
        QVERIFY2(checked.error.contains(QLatin1String("through a link")) || checked.error.contains(QLatin1String("is outside")),
                 qPrintable(checked.error));
    }

    void linksThatStayInsideAreFollowed()
    {
        QVERIFY(QDir().mkpath(in(QStringLiteral("shared/skills"))));
        link(in(QStringLiteral("shared/skills")), in(QStringLiteral(".claude/skills")));          // absolute
        link(QStringLiteral("../docs/AGENTS.md"), in(QStringLiteral(".claude/CLAUDE.md")));       // relative, target missing folder
        writeAll(in(QStringLiteral("docs/AGENTS.md")), "mine\n");
        const safepath::Resolved skills = safepath::checkInside(base(), in(QStringLiteral(".claude/skills/x/SKILL.md")));
        QVERIFY2(skills.ok, qPrintable(skills.error));
        QCOMPARE(skills.realPath, QFileInfo(in(QStringLiteral("shared/skills"))).canonicalFilePath() + QStringLiteral("/x/SKILL.md"));
        const safepath::Resolved file = safepath::checkInside(base(), in(QStringLiteral(".claude/CLAUDE.md")));
        QVERIFY2(file.ok, qPrintable(file.error));
        QCOMPARE(file.realPath, QFileInfo(in(QStringLiteral("docs/AGENTS.md"))).canonicalFilePath());
    }

    void aDanglingLinkIsRefused()
    {
        link(in(QStringLiteral("nowhere/CLAUDE.md")), in(QStringLiteral(".claude/CLAUDE.md")));
        const safepath::Resolved checked = safepath::checkInside(base(), in(QStringLiteral(".claude/CLAUDE.md")));
        QVERIFY(!checked.ok);
        QVERIFY2(checked.error.contains(QLatin1String("link to nothing")), qPrintable(checked.error));
        QVERIFY(!safepath::writeFile(base(), in(QStringLiteral(".claude/CLAUDE.md")), "x", QFile::ReadOwner | QFile::WriteOwner,
                                     safepath::Mode::Set));
        QVERIFY(!QFile::exists(in(QStringLiteral("nowhere"))));
    }

    void theBaseItselfMayBeALink()
    {
        // A ~/.claude kept in a dotfiles folder: the base is resolved once and trusted.
        const QString dotfiles = m_tmp->filePath(QStringLiteral("dotfiles/claude"));
        QVERIFY(QDir().mkpath(dotfiles));
        const QString toolLink = m_tmp->filePath(QStringLiteral("home-claude"));
        link(dotfiles, toolLink);
        const Status written = safepath::writeFile(toolLink, toolLink + QStringLiteral("/rules/a.md"), "rule\n",
                                                   QFile::ReadOwner | QFile::WriteOwner, safepath::Mode::Set);
        QVERIFY2(written, qPrintable(written.error()));
        QCOMPARE(readAll(dotfiles + QStringLiteral("/rules/a.md")), QByteArray("rule\n"));
    }

    void writeFileRefusesAndWritesNothingOutside()
    {
        link(QStringLiteral("../../outside/bashrc"), in(QStringLiteral(".claude/CLAUDE.md")));
        link(outside(), in(QStringLiteral(".claude/rules")));
        const Status refused = safepath::writeFile(base(), in(QStringLiteral(".claude/CLAUDE.md")), "block\n",
                                                   QFile::ReadOwner | QFile::WriteOwner, safepath::Mode::KeepExisting);
        QVERIFY(!refused);
        const QString error = refused.error();
        QVERIFY2(error.startsWith(QLatin1String("Refusing to write ")) && error.contains(QLatin1String("through a link")), qPrintable(error));
        QVERIFY(!safepath::writeFile(base(), in(QStringLiteral(".claude/rules/deep/style.md")), "rule\n",
                                     QFile::ReadOwner | QFile::WriteOwner, safepath::Mode::Set));
        QVERIFY(!safepath::makeDirs(base(), in(QStringLiteral(".claude/rules/sub"))));
        QVERIFY(!safepath::removeEntry(base(), in(QStringLiteral(".claude/rules/bashrc"))));
        QCOMPARE(readAll(outside() + QStringLiteral("/bashrc")), QByteArray("export PATH=/usr/bin\n"));
        QCOMPARE(QDir(outside()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden), QStringList{QStringLiteral("bashrc")});
    }

    void writeFileIsAtomicAndKeepsOrSetsTheMode()
    {
        const QString path = in(QStringLiteral(".claude/rules/a/b.md"));
        const Status first = safepath::writeFile(base(), path, "one\n",
                                                 QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther,
                                                 safepath::Mode::Set);
        QVERIFY2(first, qPrintable(first.error()));
        QCOMPARE(readAll(path), QByteArray("one\n"));
        QCOMPARE(modeBits(path), QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
        QVERIFY(QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner));
        QVERIFY(safepath::writeFile(base(), path, "two\n", QFile::ReadOwner | QFile::WriteOwner | QFile::ReadOther,
                                    safepath::Mode::KeepExisting));
        QCOMPARE(readAll(path), QByteArray("two\n"));
        QCOMPARE(modeBits(path), QFile::ReadOwner | QFile::WriteOwner);
        QCOMPARE(QDir(in(QStringLiteral(".claude/rules/a"))).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
                 QStringList{QStringLiteral("b.md")});  // no temporary file left
    }

    void removeEntryRemovesALinkNotItsTarget()
    {
        writeAll(in(QStringLiteral("docs/keep.md")), "keep\n");
        link(in(QStringLiteral("docs/keep.md")), in(QStringLiteral(".claude/keep.md")));
        const Status removed = safepath::removeEntry(base(), in(QStringLiteral(".claude/keep.md")));
        QVERIFY2(removed, qPrintable(removed.error()));
        QVERIFY(!QFileInfo(in(QStringLiteral(".claude/keep.md"))).isSymLink());
        QCOMPARE(readAll(in(QStringLiteral("docs/keep.md"))), QByteArray("keep\n"));
        QVERIFY(safepath::removeEntry(base(), in(QStringLiteral(".claude/missing.md"))));
    }

    void writeBaseIsTheToolFolderOnlyUnderHome()
    {
        qputenv("HOME", m_tmp->filePath(QStringLiteral("home")).toUtf8());
        const QString home = m_tmp->filePath(QStringLiteral("home"));
        QCOMPARE(safepath::writeBase(home, QStringLiteral(".claude"), home + QStringLiteral("/.claude/rules/a.md")),
                 home + QStringLiteral("/.claude"));
        QCOMPARE(safepath::writeBase(home, QStringLiteral(".workbuddy"), home + QStringLiteral("/AGENTS.md")), home);
        QCOMPARE(safepath::writeBase(base(), QStringLiteral(".claude"), in(QStringLiteral(".claude/rules/a.md"))), base());
        QCOMPARE(safepath::writeBaseOfToolFile(home + QStringLiteral("/.claude/settings.json")), home + QStringLiteral("/.claude"));
        QCOMPARE(safepath::writeBaseOfToolFile(in(QStringLiteral(".cursor/hooks.json"))), base());
    }
};

QTEST_GUILESS_MAIN(TestSafePath)
#include "tst_safepath.moc"
