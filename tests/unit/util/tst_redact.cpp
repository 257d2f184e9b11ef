#include "util/Redact.h"

#include "DataTable.h"

#include <QRandomGenerator>
#include <QRegularExpression>
#include <QtTest>

using namespace teamai;

namespace {

// The regex implementation redactSecrets() replaced (it stops after ~5.8k characters of
// keyword-dense text: a backtracking limit). Kept here as the reference for short inputs.
QString regexRedact(const QString &text)
{
    static const QRegularExpression bearer(QStringLiteral(R"re((\bBearer\s+)[^\s"',;]+)re"),
                                           QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression flag(QStringLiteral(R"re((--(?:token|api-token|password|secret)(?:=|\s+))[^\s"',;]+)re"),
                                         QRegularExpression::CaseInsensitiveOption);
    // A quoted value runs to its closing quote (or the end); an unquoted one to a separator. The
    // quote is written \x22 there: moc's scan of raw strings loses its way at `(")`.
    static const QRegularExpression pair(
        QStringLiteral(R"re(((?:[A-Za-z0-9_\-]*(?:token|secret|password|passwd|api[_-]?key)[A-Za-z0-9_\-]*)"?\s*[=:]\s*)(?:(\x22)[^\x22]+|[^\s"',;&]+))re"),
        QRegularExpression::CaseInsensitiveOption);
    QString out = text;
    out.replace(bearer, QStringLiteral("\\1***"));
    out.replace(flag, QStringLiteral("\\1***"));
    out.replace(pair, QStringLiteral("\\1\\2***"));
    return out;
}

} // namespace

class TestRedact : public QObject
{
    Q_OBJECT
private slots:
    void masksSecrets_data() { test::loadTable(); }
    void masksSecrets()
    {
        QFETCH(QString, input);
        QFETCH(QString, expected);
        QCOMPARE(redactSecrets(input), expected);
    }

    void sameResultsAsTheRegexOnShortText()
    {
        // Pieces that make every pattern match, almost match and overlap, in random order.
        const QStringList pieces{
            QStringLiteral("token"), QStringLiteral("Token"), QStringLiteral("SECRET"), QStringLiteral("password"),
            QStringLiteral("passwd"), QStringLiteral("api_key"), QStringLiteral("api-key"), QStringLiteral("apikey"),
            QStringLiteral("api"), QStringLiteral("key"), QStringLiteral("Bearer"), QStringLiteral("bearer"),
            QStringLiteral("--"), QStringLiteral("-"), QStringLiteral("--token"), QStringLiteral("--api-token"),
            QStringLiteral("--secret"), QStringLiteral("--password"), QStringLiteral("="), QStringLiteral(":"),
            QStringLiteral(" "), QStringLiteral("  "), QStringLiteral("\t"), QStringLiteral("\n"), QStringLiteral("\""),
            QStringLiteral("'"), QStringLiteral(","), QStringLiteral(";"), QStringLiteral("&"), QStringLiteral("x"),
            QStringLiteral("abc"), QStringLiteral("_"), QStringLiteral("9"), QStringLiteral("."), QStringLiteral("/"),
            QStringLiteral("***"), QStringLiteral("\u017Fecret"), QStringLiteral("to\u212Aen"), QStringLiteral("\u00E9"),
            QStringLiteral("\u00A0")};
        QRandomGenerator random(12);  // fixed seed: the same inputs on every run
        for (int round = 0; round < 20000; ++round) {
            QString input;
            const int count = 1 + int(random.bounded(12));
            for (int i = 0; i < count; ++i)
                input += pieces.at(int(random.bounded(pieces.size())));
            QCOMPARE(redactSecrets(input), regexRedact(input));
        }
    }

    void noLengthLimit()
    {
        // 1 MiB of keyword-dense text: every secret in it is masked, the last as well as the first.
        const QString unit = QStringLiteral("token=S3cr3tA password: \"S3cr3tB\" Bearer S3cr3tC --secret S3cr3tD api_key=S3cr3tE; ");
        QString input;
        int units = 0;
        while (input.size() < 1024 * 1024) {
            input += unit;
            ++units;
        }
        const QString out = redactSecrets(input);
        QVERIFY(!out.contains(QStringLiteral("S3cr3t")));
        QCOMPARE(out.count(QStringLiteral("***")), 5 * units);
        QCOMPARE(out.count(QStringLiteral("token=***")), units);
        QVERIFY(out.endsWith(QStringLiteral("api_key=***; ")));
    }

    void credentialNames()
    {
        QVERIFY(isCredentialName(QStringLiteral("GITHUB_TOKEN")));
        QVERIFY(isCredentialName(QStringLiteral("aws_secret_access_key")));
        QVERIFY(isCredentialName(QStringLiteral("DB_PASSWORD")));
        QVERIFY(isCredentialName(QStringLiteral("ApiKey")));
        QVERIFY(!isCredentialName(QStringLiteral("HOME")));
        QVERIFY(!isCredentialName(QStringLiteral("PATH")));
    }
};

QTEST_GUILESS_MAIN(TestRedact)
#include "tst_redact.moc"
