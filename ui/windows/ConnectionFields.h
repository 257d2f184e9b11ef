#pragma once

#include <QObject>
#include <QString>

class QFormLayout;
class QLabel;
class QLineEdit;
class QVBoxLayout;

namespace teamai::ui {

/// @brief The backend URL and API token fields that the first-run dialog and Settings share: each
/// with its label (whose mnemonic focuses it), its accessible name, and the error line under it
/// that an edit clears; and the checks of what was typed.
class ConnectionFields : public QObject
{
    Q_OBJECT
public:
    /// @brief Whether the token may be left empty (Settings: empty keeps the saved token).
    enum class Token { Required, EmptyKeepsTheSavedOne };

    ConnectionFields(Token token, QObject *parent);

    QLineEdit *endpoint() const { return m_endpoint; }
    QLineEdit *token() const { return m_token; }
    QLabel *endpointError() const { return m_endpointError; }
    QLabel *tokenError() const { return m_tokenError; }
    /// @brief What stands under the token's label: the field, then its error line. A dialog may
    /// add more (a hint, where the token was saved).
    QVBoxLayout *tokenBox() const { return m_tokenBox; }

    /// @brief Adds the URL and token rows to @p form.
    void addRows(QFormLayout *form);
    /// @brief Shows under each field what is wrong with it; true when both are valid.
    bool validate();
    /// @brief Shows @p message under @p error (one of the two error lines; empty hides it).
    void showError(QLabel *error, const QString &message);

signals:
    /// @brief An error line appeared or went: a dialog that fits its height to its content refits.
    void errorsChanged();

private:
    QString tokenProblem() const;

    Token m_rule;
    QLineEdit *m_endpoint;
    QLineEdit *m_token;
    QLabel *m_endpointError;
    QLabel *m_tokenError;
    QVBoxLayout *m_endpointBox;
    QVBoxLayout *m_tokenBox;
};

} // namespace teamai::ui
