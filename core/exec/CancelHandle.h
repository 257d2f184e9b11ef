#pragma once

#include <atomic>
#include <memory>

namespace teamai::exec {

/// @brief A cancellation flag that can be flipped from any thread. Copies share one flag, so the
/// caller keeps a copy and hands another to the executor, which polls it while the child runs.
class CancelHandle
{
public:
    CancelHandle();

    /// @brief Requests cancellation; the executor notices within about 50 ms.
    void cancel();
    bool isCancelled() const;

private:
    std::shared_ptr<std::atomic<bool>> m_flag;
};

} // namespace teamai::exec
