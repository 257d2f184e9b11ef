#pragma once

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace teamai::plugins {

/// @brief One plugin the backend declares in its get-config answer: a section
/// `"<slug>": {install_cmd, run_cmd, uninstall_cmd, update_cmd?, version?, <variables>…}`.
struct PluginSpec {
    QString slug;
    QString version;         ///< empty: none given
    QString installCmd;
    QString updateCmd;       ///< empty: re-run installCmd to update
    QString uninstallCmd;
    QString runCmd;

    /// @brief The reference's `cmdFingerprint`: sha256 of installCmd, updateCmd and runCmd joined
    /// by NUL bytes, hex. A change of any of them is an update.
    QString fingerprint() const;
};

/// @brief The plugins and variables of a get-config answer (teamai-cli 0.25 `parseGetConfig`).
struct PluginConfig {
    QList<PluginSpec> plugins;
    QHash<QString, QString> variables;  ///< the other scalar fields of the plugin sections
    QString error;                      ///< malformed: nothing of the answer may be acted on

    bool ok() const { return error.isEmpty(); }

    /// @brief Reads @p answer. A section with all three of install_cmd, run_cmd and uninstall_cmd
    /// as non-empty strings is a plugin; a section with none of the `*_cmd` fields is something
    /// else and ignored (e.g. `"config": {}`). A section with only some of them, or with one of
    /// the wrong type, a slug that is not 1-64 letters, digits, `-`, `_` or `.`, a command longer
    /// than 4096 characters, or more than 50 plugins makes the whole answer malformed.
    static PluginConfig fromAnswer(const QJsonObject &answer);

    /// @brief Replaces each `${name}` in @p command with its variable; unknown names stay.
    static QString substitute(const QString &command, const QHash<QString, QString> &variables);
    /// @brief The `${name}` placeholders of @p command that are still there.
    static QStringList placeholders(const QString &command);
};

} // namespace teamai::plugins
