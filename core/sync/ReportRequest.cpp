#include "sync/ReportRequest.h"

#include "config/RemoteCommandGate.h"
#include "hookinput/HookInput.h"
#include "sync/SyncSession.h"
#include "util/AtomicFile.h"
#include "util/JsonFile.h"
#include "util/Paths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonParseError>

#include <cstdio>

namespace teamai {
namespace {

constexpr int kFormatVersion = 1;
// A request is a few hundred bytes; anything much larger is not one of ours.
constexpr qint64 kMaxBytes = 64 * 1024;
constexpr qsizetype kMaxPathChars = 4096;

const char kRemoteCmdEnvName[] = "TEAMAI_DISABLE_REMOTE_CMD";

bool isHookEvent(const QString &event)
{
    return event == QLatin1String("session-start") || event == QLatin1String("prompt-submit")
        || event == QLatin1String("post-tool-use") || event == QLatin1String("stop");
}

bool isStatus(const QString &status)
{
    return status == QLatin1String("running") || status == QLatin1String("stopped");
}

bool isUsableFolder(const QString &path)
{
    return !path.isEmpty() && path.size() <= kMaxPathChars && QDir::isAbsolutePath(path) && !path.contains(QChar(0));
}

} // namespace

QString ReportRequest::statusFor(const QString &event)
{
    return event == QLatin1String("stop") ? QStringLiteral("stopped") : QStringLiteral("running");
}

ReportRequest ReportRequest::fromHook(const QString &event, const QString &cwd)
{
    ReportRequest request;
    request.event = event;
    request.status = statusFor(event);
    request.cwd = QDir(cwd).absolutePath();
    request.requestedAt = QDateTime::currentDateTimeUtc();
    request.skipReport = shouldSkipReportInSandbox();
    const QString env = qEnvironmentVariable(kRemoteCmdEnvName);
    if (RemoteCommandGate::envValueDisables(env))
        request.remoteCmdEnv = env.trimmed();
    return request;
}

QJsonObject ReportRequest::toJson() const
{
    QJsonObject json{
        {QStringLiteral("version"), kFormatVersion},
        {QStringLiteral("event"), event},
        {QStringLiteral("status"), status},
        {QStringLiteral("cwd"), cwd},
        {QStringLiteral("requestedAt"), requestedAt.toUTC().toString(Qt::ISODateWithMs)},
        {QStringLiteral("skipReport"), skipReport},
    };
    if (!remoteCmdEnv.isEmpty())
        json.insert(QStringLiteral("remoteCmdEnv"), remoteCmdEnv);
    return json;
}

Result<ReportRequest> ReportRequest::fromJson(const QJsonObject &json)
{
    ReportRequest request;
    request.event = json.value(QStringLiteral("event")).toString();
    request.status = json.value(QStringLiteral("status")).toString();
    request.cwd = json.value(QStringLiteral("cwd")).toString();
    request.requestedAt = QDateTime::fromString(json.value(QStringLiteral("requestedAt")).toString(), Qt::ISODateWithMs);
    request.skipReport = json.value(QStringLiteral("skipReport")).toBool();
    request.remoteCmdEnv = json.value(QStringLiteral("remoteCmdEnv")).toString();
    QString problem;
    if (json.value(QStringLiteral("version")).toInt() != kFormatVersion)
        problem = QStringLiteral("unknown format version");
    else if (!isHookEvent(request.event))
        problem = QStringLiteral("no known hook event");
    else if (!isStatus(request.status))
        problem = QStringLiteral("no known status");
    else if (!isUsableFolder(request.cwd))
        problem = QStringLiteral("no absolute working folder");
    else if (!request.requestedAt.isValid())
        problem = QStringLiteral("no valid time");
    else if (!request.remoteCmdEnv.isEmpty() && !RemoteCommandGate::envValueDisables(request.remoteCmdEnv))
        problem = QStringLiteral("an invalid kill switch value");
    if (!problem.isEmpty())
        return Error{problem};
    return request;
}

void ReportRequest::applyTo(SyncOptions &options) const
{
    options.event = event;
    options.status = status;
    options.cwd = cwd;
    options.skipReport = skipReport || shouldSkipReportInSandbox();
}

namespace reportrequest {
namespace {

// The request moved aside by this process: a name no other process uses.
QString asidePath(const QString &tool)
{
    return pathFor(tool) + QStringLiteral(".taken-%1").arg(QCoreApplication::applicationPid());
}

// Reads the file moved aside; fails when it is not a valid request.
Result<ReportRequest> readAside(const QString &path)
{
    const QFileInfo info(path);
    if (info.isSymLink() || !info.isFile())
        return Error{QStringLiteral("not a regular file")};
    if (info.size() > kMaxBytes)
        return Error{QStringLiteral("%1 bytes, more than a request holds").arg(info.size())};
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{file.errorString()};
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.read(kMaxBytes), &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return Error{QStringLiteral("not valid JSON: %1").arg(parseError.errorString())};
    if (!doc.isObject())
        return Error{QStringLiteral("not a JSON object")};
    return ReportRequest::fromJson(doc.object());
}

} // namespace

QString pathFor(const QString &tool)
{
    return paths::agentStateDir() + QStringLiteral("/report-request-%1.json").arg(tool);
}

Status save(const QString &tool, const ReportRequest &request)
{
    if (const Status folder = paths::ensurePrivateDir(paths::agentStateDir()); !folder)
        return folder;
    return atomicfile::write(pathFor(tool), QJsonDocument(request.toJson()).toJson(QJsonDocument::Compact) + '\n',
                             jsonfile::kPrivateFile);
}

bool pending(const QString &tool)
{
    const QFileInfo info(pathFor(tool));
    return info.exists() || info.isSymLink();
}

Taken take(const QString &tool)
{
    Taken taken;
    const QString path = pathFor(tool);
    if (!pending(tool))
        return taken;
    const QString aside = asidePath(tool);
    QFile::remove(aside);  // left by an earlier process with our pid that died half-way
    // rename(2) itself: it moves a link rather than what it points to, and never copies.
    if (std::rename(QFile::encodeName(path).constData(), QFile::encodeName(aside).constData()) != 0) {
        if (pending(tool)) {
            taken.status = Taken::Status::Failed;
            taken.error = QStringLiteral("cannot move %1 aside").arg(path);
        }
        return taken;  // else another process took it first
    }
    const Result<ReportRequest> read = readAside(aside);
    QFile::remove(aside);
    taken.status = read ? Taken::Status::Taken : Taken::Status::Damaged;
    if (read)
        taken.request = *read;
    else
        taken.error = QStringLiteral("%1: %2").arg(path, read.error());
    return taken;
}

} // namespace reportrequest
} // namespace teamai
