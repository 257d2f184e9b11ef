#pragma once

#include "store/AckHistoryQuery.h"

#include <QCoreApplication>
#include <QString>

namespace teamai::ui {

/// @brief The ack history's details pane as plain text: the command JSON (indented, secrets
/// masked), every delivery attempt of its ack, and the result the ledger holds.
class AckDetailsText
{
    Q_DECLARE_TR_FUNCTIONS(AckDetailsText)
public:
    static QString format(const AckDetails &details);

private:
    static QString attemptLine(const AckAttemptRow &attempt);
    static QString resultText(const AckDetails &details);
};

} // namespace teamai::ui
