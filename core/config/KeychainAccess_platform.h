#pragma once

#include "util/Result.h"

// The platform half of KeychainAccess.cpp (KeychainAccess_linux.cpp, _mac.cpp, _win.cpp).
namespace teamai::keychainplatform {

/// @brief Fails when the credential store cannot be reached at all, known without asking it
/// (Linux: no D-Bus session bus for the Secret Service); ok when it may be.
Status storeReachable();

} // namespace teamai::keychainplatform
