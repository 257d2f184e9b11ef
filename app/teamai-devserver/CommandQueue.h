#pragma once

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace teamai::devserver {

/// @brief Commands waiting for an agent, redelivered on every sync until acknowledged.
///
/// An entry may carry `_target` (an object such as `{"agent_type":"claude"}` or
/// `{"local_agent_id":"…"}`): it then goes only to syncs whose body has every one of those
/// values. `_target` is never sent to the agent. Entries are stored as given, so tests can queue
/// malformed commands (no id, wrong types) on purpose. Removal by id goes through an index, so a
/// queue of 150,000 commands acked one by one stays cheap.
class CommandQueue
{
public:
    /// @brief Checks that @p value is a command or an array of them; fills @p commands.
    static bool parse(const QJsonValue &value, QList<QJsonObject> *commands, QString *error);

    /// @brief Appends the commands of @p path, a JSON array of command objects.
    bool loadFile(const QString &path, QString *error);

    void append(const QList<QJsonObject> &commands);
    void clear();
    QJsonArray all() const;
    int size() const { return int(m_commands.size() - m_removedCount); }

    /// @brief The commands a sync with body @p syncBody should get, `_target` stripped.
    QJsonArray deliverableTo(const QJsonObject &syncBody) const;

    /// @brief Removes every queued command whose `id` equals @p id; returns how many.
    int removeId(const QJsonValue &id);

private:
    void index(qsizetype position);
    void compact();

    QList<QJsonObject> m_commands;
    QList<bool> m_removed;                       ///< parallel to m_commands: acked, not sent again
    qsizetype m_removedCount = 0;
    QMultiHash<QString, qsizetype> m_positionsById;
};

} // namespace teamai::devserver
