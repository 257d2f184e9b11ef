#pragma once

#include "util/Result.h"

#include <QString>

// The platform half of DirectorySwap.cpp (DirectorySwap_linux.cpp, _mac.cpp, _win.cpp).
namespace teamai::resources::dirswap::platform {

enum class Exchange {
    Done,         ///< the two paths swapped in one step
    Unsupported,  ///< no such step here: replace() falls back to two renames
};

/// @brief Swaps @p a and @p b atomically where the system can (Linux: renameat2 RENAME_EXCHANGE);
/// an error (the system's reason) when it tried and failed.
Result<Exchange> exchange(const QString &a, const QString &b);

} // namespace teamai::resources::dirswap::platform
