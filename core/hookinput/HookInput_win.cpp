#include "hookinput/HookInput.h"

namespace teamai {

// Windows: stdin is not read (there is no poll() on its pipes); the hook goes on without a payload.
QByteArray HookInput::readStdin(qint64, int, QDeadlineTimer)
{
    return {};
}

} // namespace teamai
