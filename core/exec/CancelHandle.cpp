#include "exec/CancelHandle.h"

namespace teamai::exec {

CancelHandle::CancelHandle()
    : m_flag(std::make_shared<std::atomic<bool>>(false))
{
}

void CancelHandle::cancel()
{
    m_flag->store(true, std::memory_order_release);
}

bool CancelHandle::isCancelled() const
{
    return m_flag->load(std::memory_order_acquire);
}

} // namespace teamai::exec
