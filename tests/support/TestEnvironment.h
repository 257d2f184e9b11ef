#pragma once

#include <QProcessEnvironment>
#include <QString>
#include <QTemporaryDir>

namespace teamai::test {

/// @brief A private temporary HOME for one test: sets HOME, TEAMAI_HOME and XDG folders in this
/// process (so in-process code and children see it) and removes it afterwards. Also clears the
/// variables that would change the agent's behaviour (TEAMAI_TOKEN, TEAMAI_DISABLE_REMOTE_CMD…).
class TestEnvironment
{
public:
    TestEnvironment();
    ~TestEnvironment();
    Q_DISABLE_COPY(TestEnvironment)

    QString home() const { return m_dir.path(); }
    QString teamaiHome() const { return home() + QStringLiteral("/.teamai"); }
    QString stateDir() const { return teamaiHome() + QStringLiteral("/local-agent"); }

    /// @brief Environment for a child `teamai`: this process's, as set up here.
    QProcessEnvironment processEnvironment() const;

    /// @brief Writes a file below home (creating folders); returns its absolute path.
    QString writeFile(const QString &relativePath, const QByteArray &content) const;
    QByteArray readFile(const QString &relativePath) const;

private:
    QTemporaryDir m_dir;
    QByteArray m_oldHome;
};

/// @brief Path of a binary built by this project, from the environment CTest sets (TEAMAI_BIN…).
QString builtBinary(const char *envName);

} // namespace teamai::test
