#include "resources/DirectorySwap_platform.h"

namespace teamai::resources::dirswap::platform {

// macOS has renamex_np(RENAME_SWAP), not used yet: replace() renames the old folder aside first.
Result<Exchange> exchange(const QString &, const QString &)
{
    return Exchange::Unsupported;
}

} // namespace teamai::resources::dirswap::platform
