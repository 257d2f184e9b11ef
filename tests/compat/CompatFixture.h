#pragma once

// What the compat tests share besides the reference client and their base class: the commands
// and files both clients take turns on.

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace teamai::test {

class DevServerProcess;

/// @brief The instruction file (CLAUDE.md or its like) and the hooks settings of @p tool, relative to
/// HOME, as both clients write them for claude, codebuddy and workbuddy.
QString instructionFileOf(const QString &tool);
QString settingsFileOf(const QString &tool);

/// @brief An install_claudemd (or, with !@p install, uninstall_claudemd) command at user scope for
/// the block @p slug, downloaded from @p server.
QJsonObject claudemdCommand(qint64 id, const DevServerProcess &server, const QString &slug, bool install);

/// @brief The blocks in TeamAI's section of @p instruction, in file order, by the heading the
/// devserver's block text starts with ("## TeamAI block SLUG"); empty unless the file holds exactly
/// one section (one start and one end marker).
QStringList sectionBlocks(const QByteArray &instruction);

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
