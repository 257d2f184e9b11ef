#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <optional>

namespace teamai::devserver {

/// @brief What the devserver answers on the two read-only account routes, settable through
/// `POST /admin/settings` so tests can play a backend with projects and plugins:
/// `"projects": [...]` is served as `{"ok":true,"projects":[...]}` by `GET /api/projects/mine`
/// (stored as given: tests send malformed entries on purpose), `"getConfig": {...}` is served as
/// is by `GET /api/local-agent/get-config`. `null` restores the default (no project,
/// `{"ok":true,"config":{}}`).
class AccountAnswers
{
public:
    /// @brief True when @p key is one of this class's settings.
    static bool handles(const QString &key);
    /// @brief Checks @p value for setting @p key; an error message, or empty when it is valid.
    static QString check(const QString &key, const QJsonValue &value);
    /// @brief Applies a setting check() accepted.
    void apply(const QString &key, const QJsonValue &value);
    void reset();
    /// @brief The settings as `GET /admin/settings` shows them.
    void addTo(QJsonObject &settings) const;

    QJsonObject projectsAnswer() const;
    QJsonObject getConfigAnswer() const;

private:
    QJsonArray m_projects;
    std::optional<QJsonObject> m_getConfig;
};

} // namespace teamai::devserver
