#pragma once

// Test data of the model configuration tests: files as teamai-cli 0.25.0 wrote them
// (tests/data/modelconfig, made by running the reference against a test backend).

#include "modelconfig/DeliveredModels.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace teamai::test {

inline QByteArray modelData(const QString &name)
{
    QFile file(qEnvironmentVariable("TEAMAI_TEST_DATA_DIR") + QStringLiteral("/modelconfig/") + name);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// The `cmd` of the first command of a reference command file.
inline QString referenceCmd(const QString &name)
{
    return QJsonDocument::fromJson(modelData(name)).array().first().toObject().value(QStringLiteral("cmd")).toString();
}

/// The delivery of that `cmd` (empty when it does not parse).
inline modelconfig::Delivery referenceDelivery(const QString &name)
{
    return modelconfig::parseDelivery(referenceCmd(name)).delivery;
}

inline QString noEnv(const QString &)
{
    return {};
}

} // namespace teamai::test
