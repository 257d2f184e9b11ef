#pragma once

// What the compat tests share besides the reference client itself: our own turn (`teamai sync`),
// the acks both clients send, the commands and files they take turns on, and the tools as rows.

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace teamai::test {

class DevServerProcess;
class TestEnvironment;

/// @brief Our turn: `teamai sync --tool TOOL --json` in HOME with the devserver's token plus
/// @p extraEnvironment ("NAME=value"; "NAME=" removes it). True when it exited 0.
bool ourSync(const TestEnvironment &env, const QString &tool, const QStringList &extraEnvironment = {});

/// @brief Waits up to 60 s (the reference may ack from its detached child) for the ack of @p id;
/// true when it is a success without an error text.
bool ackedSuccess(DevServerProcess &server, qint64 id);

/// @brief One QString column "tool" and one row per tool, named after it.
void addToolRows(const QStringList &tools);

/// @brief The instruction file (CLAUDE.md or its like) and the hooks settings of @p tool, relative to
/// HOME, as both clients write them for claude, codebuddy and workbuddy.
QString instructionFileOf(const QString &tool);
QString settingsFileOf(const QString &tool);

/// @brief An install_claudemd (or, with !@p install, uninstall_claudemd) command at user scope for
/// the block @p slug, downloaded from @p server.
QJsonObject claudemdCommand(qint64 id, const DevServerProcess &server, const QString &slug, bool install);

/// @brief One hook of an agent's settings file, in the nested layout claude, codebuddy and
/// workbuddy share: {"hooks": {EVENT: [GROUP {"hooks": [HOOK…]}…]}}.
struct SettingsHook {
    QString event;
    QJsonObject group;
    QJsonObject hook;
};
/// @brief Every hook of @p settings, in file order.
QList<SettingsHook> hooksIn(const QJsonObject &settings);

} // namespace teamai::test
