#include "windows/ConnectionFields.h"

#include "config/AgentConfig.h"
#include "windows/FieldError.h"

#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

namespace teamai::ui {

ConnectionFields::ConnectionFields(Token token, QObject *parent)
    : QObject(parent)
    , m_rule(token)
    , m_endpoint(new QLineEdit)
    , m_token(new QLineEdit)
    , m_endpointError(createFieldErrorLabel())
    , m_tokenError(createFieldErrorLabel())
    , m_endpointBox(new QVBoxLayout)
    , m_tokenBox(new QVBoxLayout)
{
    m_endpoint->setPlaceholderText(QStringLiteral("https://teamai.example.com"));
    m_endpoint->setAccessibleName(tr("Backend URL"));
    m_token->setEchoMode(QLineEdit::Password);
    m_token->setPlaceholderText(token == Token::Required ? tr("API token") : tr("Leave empty to keep the saved token"));
    m_token->setAccessibleName(tr("API token"));
    m_endpointBox->addWidget(m_endpoint);
    m_endpointBox->addWidget(m_endpointError);
    m_tokenBox->addWidget(m_token);
    m_tokenBox->addWidget(m_tokenError);
    connect(m_endpoint, &QLineEdit::textEdited, this, [this] { showError(m_endpointError, {}); });
    connect(m_token, &QLineEdit::textEdited, this, [this] { showError(m_tokenError, {}); });
}

void ConnectionFields::addRows(QFormLayout *form)
{
    const auto addRow = [form](const QString &text, QLineEdit *field, QVBoxLayout *box) {
        auto *label = new QLabel(text);
        label->setBuddy(field);
        form->addRow(label, box);
    };
    addRow(tr("&Backend URL"), m_endpoint, m_endpointBox);
    addRow(tr("API &token"), m_token, m_tokenBox);
}

bool ConnectionFields::validate()
{
    const QString endpointProblem = AgentConfig::validateEndpoint(m_endpoint->text().trimmed()).error();
    const QString tokenProblem = this->tokenProblem();
    showError(m_endpointError, endpointProblem);
    showError(m_tokenError, tokenProblem);
    return endpointProblem.isEmpty() && tokenProblem.isEmpty();
}

void ConnectionFields::showError(QLabel *error, const QString &message)
{
    showFieldError(error, message);
    emit errorsChanged();
}

QString ConnectionFields::tokenProblem() const
{
    const QString token = m_token->text().trimmed();
    if (token.isEmpty())
        return m_rule == Token::Required ? tr("Enter the API token") : QString();
    if (token.contains(u' ') || token.contains(u'\t'))
        return tr("A token has no spaces: paste it again");
    return {};
}

} // namespace teamai::ui
