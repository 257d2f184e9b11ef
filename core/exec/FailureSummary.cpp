#include "exec/FailureSummary.h"

#include "util/Redact.h"

#include <QFile>
#include <QStringList>

namespace teamai::exec {
namespace {
constexpr int kMaxDetailChars = 200;
constexpr int kMaxLines = 3;
constexpr qint64 kHeadBytes = 16 * 1024; // enough for three lines; bounds the work on huge output

QByteArray headOf(const StreamResult &stream)
{
    // A truncated stream's text is its tail; the beginning lives in the spill file.
    if (stream.truncated && !stream.spillPath.isEmpty()) {
        QFile file(stream.spillPath);
        if (file.open(QIODevice::ReadOnly))
            return file.read(kHeadBytes);
    }
    return stream.text.left(kHeadBytes);
}

QString firstLines(const QByteArray &bytes)
{
    const QString text = QString::fromUtf8(bytes);
    QStringList picked;
    for (QStringView line : QStringView(text).split(u'\n')) {
        line = line.trimmed();
        if (line.isEmpty())
            continue;
        picked.append(line.toString());
        if (picked.size() == kMaxLines)
            break;
    }
    return picked.join(QStringLiteral(" | "));
}

QString capped(QString text)
{
    if (text.size() > kMaxDetailChars)
        text = text.left(kMaxDetailChars - 3) + QStringLiteral("...");
    return text;
}

QString statusPhrase(const ExecResult &result)
{
    if (result.exitCode)
        return QStringLiteral("exit status %1").arg(*result.exitCode);
    if (result.signal)
        return QStringLiteral("killed by signal %1 (status %2)").arg(*result.signal).arg(128 + *result.signal);
    return QStringLiteral("no exit status");
}

// A child that a signal ended carries its status along in every text that reports it: the
// signal and the shell-style 128 + signal (SIGTERM → 143).
QString withSignal(const ExecResult &result, const QString &text)
{
    if (!result.signal || result.exitCode)
        return text;
    return text + QStringLiteral(" (signal %1, status %2)").arg(*result.signal).arg(128 + *result.signal);
}

QString signalName(int sig)
{
    switch (sig) {
    case 1: return QStringLiteral("SIGHUP");
    case 2: return QStringLiteral("SIGINT");
    case 15: return QStringLiteral("SIGTERM");
    default: return QStringLiteral("signal %1").arg(sig);
    }
}

QString detail(const ExecResult &result, const QString &fallback)
{
    QString lines = firstLines(headOf(result.err));
    if (lines.isEmpty())
        lines = firstLines(headOf(result.out));
    if (lines.isEmpty())
        return fallback;
    // Redact before cutting, so a cut can never leave half a secret unmatched.
    return capped(redactSecrets(lines));
}
} // namespace

QString failureSummary(const ExecResult &result)
{
    if (!result.startError.isEmpty())
        return QStringLiteral("cmd failed: ") + capped(redactSecrets(result.startError));
    if (result.timedOut)
        return withSignal(result, QStringLiteral("cmd timed out: ")
            + detail(result, QStringLiteral("killed after %1 ms").arg(result.effectiveTimeoutMs)));
    if (result.agentSignal)
        return withSignal(result, QStringLiteral("cmd terminated: the agent received %1 and stopped the command")
                                      .arg(signalName(*result.agentSignal)));
    if (result.cancelled)
        return withSignal(result, QStringLiteral("cmd cancelled: ") + detail(result, QStringLiteral("cancelled before it finished")));
    if (result.succeeded())
        return QString();
    const QString lines = detail(result, QString());
    if (result.out.truncated || result.err.truncated)
        return QStringLiteral("cmd output too large: ") + (lines.isEmpty() ? statusPhrase(result) : withSignal(result, lines));
    return QStringLiteral("cmd failed: ") + (lines.isEmpty() ? statusPhrase(result) : withSignal(result, lines));
}

} // namespace teamai::exec
