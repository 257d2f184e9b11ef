#pragma once

#include <QJsonArray>
#include <QString>

namespace teamai::modelconfig {

/// @brief The `models` list of a report for @p toolName (at user scope, or in @p workspace), as
/// the reference reports it: `{provider, model_id, name?, source: "enterprise"}` for each model
/// the records say we (or the reference) configured and the tool's file still holds with the
/// recorded provider. Empty when there are none (the list is then left out of the report).
QJsonArray reportedModels(const QString &toolName, const QString &workspace = {});

} // namespace teamai::modelconfig
