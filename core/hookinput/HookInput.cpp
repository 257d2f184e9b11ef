#include "hookinput/HookInput.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonParseError>

#include <algorithm>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <poll.h>
#include <unistd.h>
#endif

namespace teamai {

HookInput HookInput::fromBytes(const QByteArray &bytes)
{
    HookInput input;
    input.cwd = QDir::currentPath();
    if (bytes.trimmed().isEmpty())
        return input;
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject()) {
        input.parseError = error.error != QJsonParseError::NoError
            ? QStringLiteral("hook input is not valid JSON: %1").arg(error.errorString())
            : QStringLiteral("hook input is not a JSON object");
        return input;
    }
    input.json = doc.object();
    const QString cwd = input.json.value(QStringLiteral("cwd")).toString();
    if (!cwd.isEmpty() && QDir::isAbsolutePath(cwd) && QFileInfo(cwd).isDir())
        input.cwd = QDir::cleanPath(cwd);
    return input;
}

QByteArray HookInput::readStdin(qint64 maxBytes, int timeoutMs, QDeadlineTimer deadline)
{
    QByteArray data;
#ifdef Q_OS_UNIX
    if (isatty(STDIN_FILENO))
        return data;
    char buffer[16384];
    while (data.size() < maxBytes && !deadline.hasExpired()) {
        pollfd fd{STDIN_FILENO, POLLIN, 0};
        const qint64 left = deadline.remainingTime();
        const int wait = left < 0 ? timeoutMs : int(std::min<qint64>(timeoutMs, left));
        const int ready = poll(&fd, 1, wait);
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready <= 0)
            break;  // timeout or error: use what we have
        const ssize_t n = ::read(STDIN_FILENO, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;  // EOF
        data.append(buffer, qsizetype(n));
    }
    if (data.size() > maxBytes)
        data.truncate(maxBytes);
#else
    Q_UNUSED(maxBytes);
    Q_UNUSED(timeoutMs);
    Q_UNUSED(deadline);
#endif
    return data;
}

bool shouldSkipReportInSandbox()
{
    if (qEnvironmentVariable("TEAMAI_ALLOW_SANDBOX_REPORT") == QLatin1String("1"))
        return false;
    return qEnvironmentVariable("X_IDE_IS_CLOUDSTUDIO").compare(QLatin1String("TRUE"), Qt::CaseInsensitive) == 0
        || QFileInfo::exists(QStringLiteral("/var/run/cloudstudio"));
}

} // namespace teamai
