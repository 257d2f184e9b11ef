#include "CommandQueue.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonParseError>

namespace teamai::devserver {

namespace {

const QString targetKey = QStringLiteral("_target");

bool matchesTarget(const QJsonObject &command, const QJsonObject &syncBody)
{
    const QJsonObject target = command.value(targetKey).toObject();
    for (auto it = target.begin(); it != target.end(); ++it) {
        if (syncBody.value(it.key()) != it.value())
            return false;
    }
    return true;
}

// Index key of an id: equal JSON values give equal keys (numbers compare as doubles).
QString idKey(const QJsonValue &id)
{
    if (id.isDouble())
        return QStringLiteral("n:") + QString::number(id.toDouble(), 'g', 17);
    if (id.isString())
        return QStringLiteral("s:") + id.toString();
    return QStringLiteral("j:") + QString::fromUtf8(QJsonDocument(QJsonArray{id}).toJson(QJsonDocument::Compact));
}

} // namespace

bool CommandQueue::parse(const QJsonValue &value, QList<QJsonObject> *commands, QString *error)
{
    const QJsonArray items = value.isArray() ? value.toArray() : QJsonArray{value};
    QList<QJsonObject> parsed;
    for (qsizetype i = 0; i < items.size(); ++i) {
        if (!items.at(i).isObject()) {
            *error = QStringLiteral("command %1 is not a JSON object").arg(i);
            return false;
        }
        const QJsonObject command = items.at(i).toObject();
        if (command.contains(targetKey) && !command.value(targetKey).isObject()) {
            *error = QStringLiteral("command %1: _target must be an object").arg(i);
            return false;
        }
        parsed.append(command);
    }
    *commands = parsed;
    return true;
}

bool CommandQueue::loadFile(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1: %2").arg(path, file.errorString());
        return false;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        *error = QStringLiteral("%1 is not valid JSON: %2 at offset %3")
                     .arg(path, parseError.errorString())
                     .arg(parseError.offset);
        return false;
    }
    if (!doc.isArray()) {
        *error = QStringLiteral("%1 must hold a JSON array of command objects").arg(path);
        return false;
    }
    QList<QJsonObject> commands;
    QString why;
    if (!parse(doc.array(), &commands, &why)) {
        *error = QStringLiteral("%1: %2").arg(path, why);
        return false;
    }
    append(commands);
    return true;
}

void CommandQueue::append(const QList<QJsonObject> &commands)
{
    for (const QJsonObject &command : commands) {
        m_commands.append(command);
        m_removed.append(false);
        index(m_commands.size() - 1);
    }
}

void CommandQueue::index(qsizetype position)
{
    const QJsonObject &command = m_commands.at(position);
    if (command.contains(QStringLiteral("id")))
        m_positionsById.insert(idKey(command.value(QStringLiteral("id"))), position);
}

void CommandQueue::clear()
{
    m_commands.clear();
    m_removed.clear();
    m_removedCount = 0;
    m_positionsById.clear();
}

QJsonArray CommandQueue::all() const
{
    QJsonArray out;
    for (qsizetype i = 0; i < m_commands.size(); ++i) {
        if (!m_removed.at(i))
            out.append(m_commands.at(i));
    }
    return out;
}

QJsonArray CommandQueue::deliverableTo(const QJsonObject &syncBody) const
{
    QJsonArray out;
    for (qsizetype i = 0; i < m_commands.size(); ++i) {
        QJsonObject command = m_commands.at(i);
        if (m_removed.at(i) || !matchesTarget(command, syncBody))
            continue;
        command.remove(targetKey);
        out.append(command);
    }
    return out;
}

int CommandQueue::removeId(const QJsonValue &id)
{
    int removed = 0;
    const QString key = idKey(id);
    for (const qsizetype position : m_positionsById.values(key)) {
        if (m_removed.at(position) || m_commands.at(position).value(QStringLiteral("id")) != id)
            continue;
        m_removed[position] = true;
        ++m_removedCount;
        ++removed;
    }
    m_positionsById.remove(key);
    if (m_removedCount > 1024 && m_removedCount * 2 > m_commands.size())
        compact();
    return removed;
}

void CommandQueue::compact()
{
    QList<QJsonObject> live;
    live.reserve(m_commands.size() - m_removedCount);
    for (qsizetype i = 0; i < m_commands.size(); ++i) {
        if (!m_removed.at(i))
            live.append(m_commands.at(i));
    }
    clear();
    append(live);
}

} // namespace teamai::devserver
