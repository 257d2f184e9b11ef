#include "log/Logging.h"

#include "util/Paths.h"
#include "util/Redact.h"

#include <spdlog/sinks/rotating_file_sink.h>
#include <spdlog/spdlog.h>

#include <QCoreApplication>
#include <QFile>
#include <QMutex>

#include <cstdio>
#include <memory>
#include <string>

Q_LOGGING_CATEGORY(lcConfig, "teamai.config", QtInfoMsg)
Q_LOGGING_CATEGORY(lcNet, "teamai.net", QtInfoMsg)
Q_LOGGING_CATEGORY(lcExec, "teamai.exec", QtInfoMsg)
Q_LOGGING_CATEGORY(lcCommands, "teamai.commands", QtInfoMsg)
Q_LOGGING_CATEGORY(lcSync, "teamai.sync", QtInfoMsg)
Q_LOGGING_CATEGORY(lcHook, "teamai.hook", QtInfoMsg)
Q_LOGGING_CATEGORY(lcStore, "teamai.store", QtInfoMsg)
Q_LOGGING_CATEGORY(lcResources, "teamai.resources", QtInfoMsg)

namespace teamai::logging {
namespace {

constexpr std::size_t kMaxFileBytes = 2 * 1024 * 1024;
constexpr std::size_t kMaxFiles = 3;
/// Buffered lines are handed to the kernel before this many bytes are buffered, so each write()
/// ends at a line's end: stdio flushes a full buffer (st_blksize, 4 KiB here) wherever it is, and
/// other processes append to the same file between two writes (O_APPEND keeps each one whole).
constexpr qsizetype kBufferedBytes = 3 * 1024;
/// Room for what the pattern adds to a message: time, pid, level.
constexpr qsizetype kPrefixBytes = 64;

struct State {
    QMutex mutex;
    std::shared_ptr<spdlog::logger> logger;
    bool openFailed = false;
    Echo echo = Echo::None;
    int deferrals = 0;  ///< live DeferredFlush objects
    qsizetype bufferedBytes = 0;  ///< at least what the file's buffer holds
};

State &state()
{
    static State s;
    return s;
}

void flushFile(State &s)
{
    s.logger->flush();
    s.bufferedBytes = 0;
}

spdlog::level::level_enum toLevel(QtMsgType type)
{
    switch (type) {
    case QtDebugMsg: return spdlog::level::debug;
    case QtInfoMsg: return spdlog::level::info;
    case QtWarningMsg: return spdlog::level::warn;
    case QtCriticalMsg: return spdlog::level::err;
    case QtFatalMsg: return spdlog::level::critical;
    }
    return spdlog::level::info;
}

// Opens the rotating file lazily; on failure logging degrades to stderr instead of failing the run.
spdlog::logger *fileLogger(State &s)
{
    if (s.logger || s.openFailed)
        return s.logger.get();
    const QString dir = paths::logDir();
    if (!paths::ensurePrivateDir(paths::agentStateDir()) || !paths::ensurePrivateDir(dir)) {
        s.openFailed = true;
        return nullptr;
    }
    try {
        const std::string file = QFile::encodeName(dir + QStringLiteral("/teamai.log")).toStdString();
        auto sink = std::make_shared<spdlog::sinks::rotating_file_sink_mt>(file, kMaxFileBytes, kMaxFiles);
        s.logger = std::make_shared<spdlog::logger>("teamai", std::move(sink));
        // The pid written in, not `%P`: that asks the kernel again for every line.
        s.logger->set_pattern("%Y-%m-%dT%H:%M:%S.%e%z [" + std::to_string(QCoreApplication::applicationPid()) + "] %l %v");
        s.logger->set_level(spdlog::level::debug);
        s.logger->flush_on(spdlog::level::warn);  // info lines: handler(), unless deferred
        QFile::setPermissions(dir + QStringLiteral("/teamai.log"), QFile::ReadOwner | QFile::WriteOwner);
    } catch (const spdlog::spdlog_ex &) {
        s.openFailed = true;
    }
    return s.logger.get();
}

// Info lines go out one write each (warnings and errors too, flush_on), debug lines and the lines
// of a DeferredFlush batch with the next flush; a buffer is flushed before it would hold part of
// a line (kBufferedBytes).
void writeLine(State &s, spdlog::logger &logger, spdlog::level::level_enum level, const QByteArray &line)
{
    const qsizetype cost = line.size() + kPrefixBytes;
    if (s.bufferedBytes + cost > kBufferedBytes)
        flushFile(s);
    logger.log(level, std::string_view(line.constData(), size_t(line.size())));
    s.bufferedBytes += cost;
    if (level >= spdlog::level::warn || (level == spdlog::level::info && s.deferrals == 0))
        flushFile(s);
}

void handler(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    const QString category = QString::fromLatin1(context.category ? context.category : "default");
    const QByteArray line = (category + QStringLiteral(": ") + redactSecrets(message)).toUtf8();
    State &s = state();
    QMutexLocker lock(&s.mutex);
    if (spdlog::logger *logger = fileLogger(s))
        writeLine(s, *logger, toLevel(type), line);
    if (s.echo == Echo::Stderr || !s.logger) {
        if (type >= QtWarningMsg || s.echo == Echo::Stderr)
            std::fprintf(stderr, "%s\n", line.constData());
    }
}

} // namespace

void install(Echo echo)
{
    state().echo = echo;
    qInstallMessageHandler(handler);
}

void setVerbose(Echo echo)
{
    QLoggingCategory::setFilterRules(QStringLiteral("teamai.*.debug=true"));
    QMutexLocker lock(&state().mutex);
    if (echo == Echo::Stderr)
        state().echo = echo;
}

DeferredFlush::DeferredFlush()
{
    State &s = state();
    QMutexLocker lock(&s.mutex);
    ++s.deferrals;
}

DeferredFlush::~DeferredFlush()
{
    State &s = state();
    QMutexLocker lock(&s.mutex);
    if (--s.deferrals == 0 && s.logger)
        flushFile(s);
}

void shutdown()
{
    State &s = state();
    QMutexLocker lock(&s.mutex);
    if (s.logger)
        s.logger->flush();
    s.logger.reset();
}

} // namespace teamai::logging
