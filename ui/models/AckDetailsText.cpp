#include "models/AckDetailsText.h"

#include "models/AckHistoryModel.h"
#include "models/CommandLabels.h"
#include "util/Redact.h"

#include <QJsonDocument>

namespace teamai::ui {
namespace {

QString indentedJson(const QString &json)
{
    const QJsonDocument document = QJsonDocument::fromJson(json.toUtf8());
    const QString text = document.isNull() ? json : QString::fromUtf8(document.toJson(QJsonDocument::Indented)).trimmed();
    return redactSecrets(text);
}

QString deliveryLabel(const QString &name)
{
    if (name == QLatin1String("not_delivered"))
        return CommandLabels::delivery(Delivery::NotDelivered);
    if (name == QLatin1String("delivered"))
        return CommandLabels::delivery(Delivery::Delivered);
    return CommandLabels::delivery(Delivery::Unknown);
}

} // namespace

QString AckDetailsText::attemptLine(const AckAttemptRow &a)
{
    const QString time = a.attemptedAt.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    const QString http = a.httpStatus ? QString::number(*a.httpStatus) : tr("no answer");
    if (a.delivered)
        return tr("Attempt %1 at %2: delivered (HTTP %3).").arg(a.attemptNumber).arg(time, http);
    return tr("Attempt %1 at %2: not delivered (HTTP %3): %4").arg(a.attemptNumber).arg(time, http, redactSecrets(a.transportError));
}

QString AckDetailsText::resultText(const AckDetails &d)
{
    QStringList lines;
    lines << tr("State: %1").arg(AckHistoryModel::stateLabel(d.commandState));
    lines << tr("Delivery: %1").arg(deliveryLabel(d.delivery));
    if (d.exitCode)
        lines << tr("Exit status: %1").arg(*d.exitCode);
    if (!d.commandError.isEmpty())
        lines << tr("Error: %1").arg(redactSecrets(d.commandError));
    if (!d.stdoutTail.isEmpty())
        lines << tr("Output (end):") << redactSecrets(QString::fromUtf8(d.stdoutTail).trimmed());
    if (!d.stderrTail.isEmpty())
        lines << tr("Errors printed (end):") << redactSecrets(QString::fromUtf8(d.stderrTail).trimmed());
    return lines.join(u'\n');
}

QString AckDetailsText::format(const AckDetails &d)
{
    if (!d.found)
        return tr("The ledger no longer holds this ack.");
    QStringList parts;
    parts << tr("Command") << indentedJson(d.commandJson) << QString();
    parts << tr("Attempts to send the result (%1)").arg(d.attempts.size());
    for (const AckAttemptRow &attempt : d.attempts)
        parts << attemptLine(attempt);
    parts << QString() << tr("Result") << resultText(d);
    parts << QString() << tr("Ack sent to the backend") << indentedJson(d.ackPayload);
    return parts.join(u'\n');
}

} // namespace teamai::ui
