#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>

namespace teamai {
class BackendClient;
}

namespace teamai::binding {

/// @brief One of the user's backend projects, from `GET /api/projects/mine`.
struct Project {
    QJsonValue id;         ///< as the backend sent it (a number, or a string)
    QString name;
    QString description;

    /// @brief The id as text (numbers without a fraction), what `--project-id` is compared with.
    QString idText() const;
};

/// @brief The answer to `GET /api/projects/mine`: `{projects: [{id, name, description?}, …]}`
/// (a missing `projects` is an empty list, as in the reference client).
struct ProjectList {
    QList<Project> projects;
    QString error;         ///< the request failed or the answer is malformed: nothing from it is used

    bool ok() const { return error.isEmpty(); }
    /// @brief The project whose id is @p idText, or nullptr.
    const Project *find(const QString &idText) const;

    /// @brief Checks and reads an answer. Malformed — `projects` not an array, an element not
    /// an object, an id that is not a positive integer or a string of 1 to 64 letters, digits,
    /// `-`, `_` or `.` (it becomes part of a command line), a name that is not a non-empty string, more than 500 projects — is an error
    /// and yields no project at all. Names and descriptions are cleaned for showing: control
    /// characters become spaces, at most 200 characters are kept.
    static ProjectList fromAnswer(const QJsonObject &answer);

    /// @brief Asks the backend (route `projects`) through @p client, with its timeout and deadline.
    static ProjectList fetch(BackendClient &client);
};

} // namespace teamai::binding
