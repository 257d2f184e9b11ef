#pragma once

#include "util/Result.h"

#include <QDateTime>
#include <QJsonObject>
#include <QString>

namespace teamai {

struct SyncOptions;

/// @brief A hook's request for a report round, left for the detached worker (issue 14 item 7).
///
/// `stop` and `post-tool-use` hooks do no network: like the reference client, which forks a
/// detached child for them, they record what the report must say and start `teamai worker`. The
/// request is a state snapshot, so there is one file per tool (`report-request-<tool>.json` in the
/// agent state folder, owner-only, written atomically) and a newer request replaces an older one.
/// The worker takes it (moves it aside, reads it, removes it) while it holds its lock; a hook may
/// write a new one at any time, which the worker or the next one takes later.
struct ReportRequest {
    QString event;           ///< the hook event: post-tool-use or stop
    QString status;          ///< what the report and sync say: "stopped" for stop, else "running"
    QString cwd;             ///< the hook's working folder (absolute)
    QDateTime requestedAt;   ///< when the hook wrote it (UTC)
    bool skipReport = false; ///< the hook's sandbox guard said: sync, but send no report
    /// The hook's TEAMAI_DISABLE_REMOTE_CMD when it disables remote commands, else empty: the
    /// worker that takes the request must refuse them as the hook's own process would have.
    QString remoteCmdEnv;

    /// @brief "stopped" for the stop event, "running" for any other (SPEC §6).
    static QString statusFor(const QString &event);
    /// @brief The request a hook of @p event in @p cwd makes now, with this process's sandbox
    /// guard and kill switch environment.
    static ReportRequest fromHook(const QString &event, const QString &cwd);

    QJsonObject toJson() const;
    /// @brief The request @p json holds; fails when it is not a request this agent wrote.
    static Result<ReportRequest> fromJson(const QJsonObject &json);

    /// @brief Sets the round's event, status and cwd, and skips the report when the hook's or
    /// this process's sandbox guard says so.
    void applyTo(SyncOptions &options) const;
};

namespace reportrequest {

/// @brief What take() found.
struct Taken {
    enum class Status {
        None,     ///< no request waits
        Taken,    ///< request holds it; the file is gone
        Damaged,  ///< the file was not a valid request: removed (error says why)
        Failed,   ///< the file could not be moved aside (error says why); it stays
    };
    Status status = Status::None;
    ReportRequest request;
    QString error;
};

/// @brief `<agent state dir>/report-request-<tool>.json`.
QString pathFor(const QString &tool);

/// @brief Writes @p request for @p tool atomically (0600), replacing any older one.
Status save(const QString &tool, const ReportRequest &request);

/// @brief True when a request for @p tool waits.
bool pending(const QString &tool);

/// @brief Takes the waiting request for @p tool: renames it aside first, so that a request a hook
/// writes meanwhile is never removed unread, then reads and removes it.
Taken take(const QString &tool);

} // namespace reportrequest
} // namespace teamai
