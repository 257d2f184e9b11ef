#include "util/Result.h"

#include <QtTest>

#include <memory>

using namespace teamai;

namespace {

Result<int> parsePositive(const QString &text)
{
    bool ok = false;
    const int value = text.toInt(&ok);
    if (!ok || value <= 0)
        return Error{QStringLiteral("not a positive number: %1").arg(text)};
    return value;
}

Status requireNonEmpty(const QString &text)
{
    if (text.isEmpty())
        return Error{QStringLiteral("empty")};
    return {};
}

} // namespace

class TestResult : public QObject
{
    Q_OBJECT

private slots:
    void aValueIsOkAndHasNoError()
    {
        const Result<int> result = parsePositive(QStringLiteral("42"));
        QVERIFY(result.ok());
        QVERIFY(static_cast<bool>(result));
        QCOMPARE(*result, 42);
        QCOMPARE(result.value(), 42);
        QVERIFY(result.error().isEmpty());
        QCOMPARE(result.valueOr(7), 42);
    }

    void anErrorIsNotOkAndSaysWhy()
    {
        const Result<int> result = parsePositive(QStringLiteral("-3"));
        QVERIFY(!result.ok());
        QVERIFY(!static_cast<bool>(result));
        QCOMPARE(result.error(), QStringLiteral("not a positive number: -3"));
        QCOMPARE(result.valueOr(7), 7);
    }

    void statusIsOkByDefaultAndCarriesTheError()
    {
        QVERIFY(requireNonEmpty(QStringLiteral("x")).ok());
        QVERIFY(requireNonEmpty(QStringLiteral("x")).error().isEmpty());
        const Status failed = requireNonEmpty(QString());
        QVERIFY(!failed);
        QCOMPARE(failed.error(), QStringLiteral("empty"));
    }

    void anErrorWithAnEmptyMessageIsStillAFailure()
    {
        // The old "empty string means success" style could not tell these apart.
        const Status failed = Error{};
        QVERIFY(!failed.ok());
        const Result<QString> noText = Error{};
        QVERIFY(!noText.ok());
        const Result<QString> emptyText = QString();
        QVERIFY(emptyText.ok());
    }

    void aMoveOnlyValueCanBeTakenOut()
    {
        Result<std::unique_ptr<int>> result = std::make_unique<int>(5);
        QVERIFY(result.ok());
        std::unique_ptr<int> taken = std::move(result).value();
        QCOMPARE(*taken, 5);
        QCOMPARE(*(*std::move(Result<std::unique_ptr<int>>(std::make_unique<int>(6)))), 6);
    }

    void arrowReachesTheValuesMembers()
    {
        Result<QString> text = QStringLiteral("abc");
        QCOMPARE(text->size(), 3);
        text->append(u'd');
        QCOMPARE(*text, QStringLiteral("abcd"));
    }
};

QTEST_GUILESS_MAIN(TestResult)
#include "tst_result.moc"
