#pragma once

#include <QList>
#include <QString>

#include <optional>

namespace teamai::modelconfig {

/// Output tokens a model gets when the backend sends none (the reference's default).
inline constexpr qint64 kDefaultMaxTokens = 4096;
/// At most this many models in one command: more is refused as malformed.
inline constexpr int kMaxModels = 100;

/// @brief One model of an `apply_model_config` command, validated.
struct DeliveredModel {
    QString provider;
    QString modelId;
    QString name;
    QString baseUrl;
    QString apiKey;
    qint64 maxTokens = kDefaultMaxTokens;
    std::optional<qint64> contextWindow;
};

/// @brief What an `apply_model_config` command asks for.
///
/// `cmd` holds JSON: `{"models": [...]}` is a full snapshot (the tool's models become exactly
/// these; `{"models": []}` removes every model we configured), a bare model object is
/// incremental (that one model is added or replaced, the others stay).
struct Delivery {
    QList<DeliveredModel> models;
    bool fullSnapshot = false;

    /// @brief An empty snapshot: remove what we configured, add nothing.
    bool isRemoval() const { return fullSnapshot && models.isEmpty(); }
};

/// @brief Result of parseDelivery().
struct ParsedDelivery {
    bool ok = false;
    QString error;  ///< plain ack wording, `apply_model_config: …`; never quotes a key or a URL
    Delivery delivery;
};

/// @brief Parses and validates @p cmd. Every field is checked before anything is written:
/// provider, model_id, name, base_url and api_key non-empty strings without control characters;
/// model_id without spaces, not a reserved name (`__proto__`, `prototype`, `constructor`) and not
/// repeated; base_url an http or https URL with a host and no user name or password; max_tokens
/// and context_window whole numbers ≥ 0 (or strings of digits; 0 means "not given").
ParsedDelivery parseDelivery(const QString &cmd);

} // namespace teamai::modelconfig
