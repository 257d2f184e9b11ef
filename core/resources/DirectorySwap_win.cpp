#include "resources/DirectorySwap_platform.h"

namespace teamai::resources::dirswap::platform {

// Windows has no atomic swap of two folders: replace() renames the old folder aside first.
Result<Exchange> exchange(const QString &, const QString &)
{
    return Exchange::Unsupported;
}

} // namespace teamai::resources::dirswap::platform
