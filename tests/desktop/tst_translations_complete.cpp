// Issue 16 item 7: translations/teamai_zh_CN.ts translates every string of the tray. lupdate is
// the judge: it runs over today's sources (ui/, app/teamai-tray/) into a copy of the .ts, and
// every message it leaves unfinished (new in the code, or never translated) is listed. A
// translation must keep the source's %1… placeholders and, where the source has one, a mnemonic.

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

namespace {

struct Message {
    QString context;
    QString source;
    QString translation;
    QString type;  ///< "unfinished", "vanished", "obsolete" or empty (finished)
    bool numerus = false;
};

QList<Message> readTs(const QString &path)
{
    QList<Message> messages;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return messages;
    QXmlStreamReader xml(&file);
    QString context;
    Message current;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (xml.name() == QLatin1String("message")) {
            current = Message{context, {}, {}, {}, xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes")};
        } else if (xml.name() == QLatin1String("source")) {
            current.source = xml.readElementText();
        } else if (xml.name() == QLatin1String("translation")) {
            current.type = xml.attributes().value(QLatin1String("type")).toString();
            current.translation = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            messages.append(current);
        }
    }
    return messages;
}

QSet<QString> placeholders(const QString &text)
{
    QSet<QString> found;
    static const QRegularExpression pattern(QStringLiteral("%(\\d+|n)"));
    for (auto it = pattern.globalMatch(text); it.hasNext();)
        found.insert(it.next().captured(0));
    return found;
}

bool hasMnemonic(const QString &text)
{
    return QString(text).remove(QStringLiteral("&&")).contains(u'&');
}

} // namespace

class TestTranslationsComplete : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_updated;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString source = QStringLiteral(TEAMAI_SOURCE_DIR);
        m_updated = m_dir.filePath(QStringLiteral("teamai_zh_CN.ts"));
        QVERIFY(QFile::copy(source + QStringLiteral("/translations/teamai_zh_CN.ts"), m_updated));
        QFile::setPermissions(m_updated, QFile::ReadOwner | QFile::WriteOwner);
        // The options of scripts/update-translations.sh: what it would write is what is checked.
        QProcess lupdate;
        lupdate.setWorkingDirectory(source);
        lupdate.start(QStringLiteral(TEAMAI_LUPDATE),
                      {QStringLiteral("-silent"), QStringLiteral("-no-obsolete"), QStringLiteral("-locations"), QStringLiteral("none"),
                       QStringLiteral("-extensions"), QStringLiteral("cpp,h"), QStringLiteral("ui"), QStringLiteral("app/teamai-tray"),
                       QStringLiteral("-ts"), m_updated});
        QVERIFY(lupdate.waitForFinished(120000));
        QVERIFY2(lupdate.exitCode() == 0, lupdate.readAllStandardError().constData());
    }

    void everyStringIsTranslated()
    {
        const QList<Message> messages = readTs(m_updated);
        QVERIFY2(messages.size() >= 50, "lupdate found (almost) no tr() string: wrong source folders?");
        QStringList untranslated;
        for (const Message &m : messages) {
            if (m.type == QLatin1String("vanished") || m.type == QLatin1String("obsolete"))
                continue;
            if (m.type == QLatin1String("unfinished") || m.translation.trimmed().isEmpty())
                untranslated << QStringLiteral("%1: \"%2\"").arg(m.context, m.source);
        }
        QVERIFY2(untranslated.isEmpty(),
                 qPrintable(QStringLiteral("%1 string(s) of the tray have no zh_CN translation; run scripts/update-translations.sh "
                                           "and translate them in translations/teamai_zh_CN.ts:\n  ")
                                .arg(untranslated.size())
                            + untranslated.join(QStringLiteral("\n  "))));
    }

    void translationsKeepPlaceholdersAndMnemonics()
    {
        QStringList wrong;
        for (const Message &m : readTs(m_updated)) {
            if (m.translation.isEmpty() || m.numerus)
                continue;
            if (placeholders(m.source) != placeholders(m.translation))
                wrong << QStringLiteral("%1: \"%2\" → \"%3\" (placeholders differ)").arg(m.context, m.source, m.translation);
            if (hasMnemonic(m.source) != hasMnemonic(m.translation))
                wrong << QStringLiteral("%1: \"%2\" → \"%3\" (mnemonic)").arg(m.context, m.source, m.translation);
        }
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join(u'\n')));
    }

    // The committed file is what lupdate writes: nothing left for the lead to regenerate.
    void committedFileIsUpToDate()
    {
        QFile committed(QStringLiteral(TEAMAI_SOURCE_DIR "/translations/teamai_zh_CN.ts"));
        QFile updated(m_updated);
        QVERIFY(committed.open(QIODevice::ReadOnly) && updated.open(QIODevice::ReadOnly));
        QVERIFY2(committed.readAll() == updated.readAll(),
                 "translations/teamai_zh_CN.ts is not what scripts/update-translations.sh writes: run it and commit");
    }
};

QTEST_GUILESS_MAIN(TestTranslationsComplete)
#include "tst_translations_complete.moc"
