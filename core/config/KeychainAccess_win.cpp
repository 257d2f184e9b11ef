#include "config/KeychainAccess_platform.h"

namespace teamai::keychainplatform {

// The Credential Manager needs no bus to reach: only asking it tells.
Status storeReachable()
{
    return {};
}

} // namespace teamai::keychainplatform
