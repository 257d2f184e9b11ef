#pragma once

#include "HttpReply.h"
#include "Route.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>

#include <optional>

namespace teamai::devserver {

/// @brief One injected failure, as posted to /admin/faults.
struct Fault
{
    Route route = Route::Unknown;
    std::optional<int> status;
    QJsonValue body;            ///< undefined: the default `{"error":"injected failure"}`
    int delayMs = 0;
    bool malformed = false;
    qint64 oversizedBytes = 0;
    bool drop = false;
    bool truncate = false;
    QString redirectTo;         ///< answer `status` (default 307) with this Location instead
    qint64 contentLength = 0;   ///< > 0: the normal answer, but its Content-Length says this
                                ///< many bytes and fewer arrive before the connection closes
    int remaining = -1;         ///< uses left; -1 for unlimited
    int hits = 0;

    /// @brief The answer sent instead of the normal one, or nullopt when the route answers
    /// normally (a delay-only fault).
    std::optional<HttpReply> replacement() const;
    /// @brief Changes the answer about to be sent (the contentLength lie); a no-op otherwise.
    void alter(HttpReply &reply) const;
    QJsonObject toJson() const;
};

/// @brief Fault rules by route. The first rule of a route with uses left applies to a request,
/// and one use is spent; rules are kept in the order they were posted.
class FaultInjector
{
public:
    /// @brief Adds a rule or an array of rules; on error nothing is added.
    bool add(const QJsonValue &value, QString *error);

    /// @brief Spends one use of the first rule for @p route, if there is one.
    std::optional<Fault> take(Route route);

    void clear() { m_faults.clear(); }
    QJsonArray list() const;

private:
    static std::optional<Fault> parse(const QJsonObject &object, QString *error);

    QList<Fault> m_faults;
};

} // namespace teamai::devserver
