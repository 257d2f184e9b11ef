#pragma once

#include <QString>

#include <optional>
#include <utility>
#include <variant>

namespace teamai {

/// @brief Why an operation failed: one plain line for the user or the log, never a secret.
///
/// It converts to any `Result<T>`, so a function says `return Error{tr("…")};` whatever it
/// returns on success.
struct Error {
    QString message;
};

/// @brief The outcome of an operation in core: a value, or the Error saying why there is none
/// (the shape of C++23's std::expected, which C++20 lacks).
///
/// Core reports failure this way and no other (docs/architecture.md, "Errors"): no `QString
/// *error` out-parameter, no "an empty string means success", no `lastError()` to ask later.
/// Where a caller needs more than the value or the reason (a lock that is busy rather than
/// broken, a download's status code), the function returns a result struct of its own whose
/// failure is still an Error. Marked [[nodiscard]]: a failure cannot be dropped unread by
/// accident; `(void)` says it is on purpose.
///
/// @code
/// Result<QJsonObject> read(const QString &path);
/// const auto object = read(path);
/// if (!object)
///     return Error{object.error()};
/// use(*object);
/// @endcode
template<typename T>
class [[nodiscard]] Result
{
public:
    Result(T value) : m_state(std::in_place_index<0>, std::move(value)) {}
    Result(Error error) : m_state(std::in_place_index<1>, std::move(error.message)) {}

    bool ok() const { return m_state.index() == 0; }
    explicit operator bool() const { return ok(); }

    /// The value; only when ok().
    const T &value() const & { return std::get<0>(m_state); }
    T &value() & { return std::get<0>(m_state); }
    T &&value() && { return std::get<0>(std::move(m_state)); }
    const T &operator*() const & { return value(); }
    T &operator*() & { return value(); }
    T &&operator*() && { return std::move(*this).value(); }
    const T *operator->() const { return &value(); }
    T *operator->() { return &value(); }

    /// The value, or @p fallback after a failure.
    T valueOr(T fallback) const & { return ok() ? value() : std::move(fallback); }

    /// Why it failed; empty when ok().
    QString error() const { return ok() ? QString() : std::get<1>(m_state); }

private:
    std::variant<T, QString> m_state;
};

/// @brief An outcome with no value: success, or why not.
template<>
class [[nodiscard]] Result<void>
{
public:
    Result() = default;
    Result(Error error) : m_error(std::move(error.message)) {}

    bool ok() const { return !m_error.has_value(); }
    explicit operator bool() const { return ok(); }

    /// Why it failed; empty when ok().
    QString error() const { return m_error.value_or(QString()); }

private:
    std::optional<QString> m_error;
};

/// @brief The outcome of an operation that returns nothing on success.
using Status = Result<void>;

} // namespace teamai
