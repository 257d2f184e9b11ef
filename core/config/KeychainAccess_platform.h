#pragma once

#include <QString>

// The platform half of KeychainAccess.cpp (KeychainAccess_linux.cpp, _mac.cpp, _win.cpp).
namespace teamai::keychainplatform {

/// @brief Why the credential store cannot be reached at all, known without asking it (Linux: no
/// D-Bus session bus for the Secret Service); empty when it may be.
QString storeUnreachable();

} // namespace teamai::keychainplatform
