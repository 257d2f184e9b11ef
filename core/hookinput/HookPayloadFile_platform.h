#pragma once

#include "hookinput/HookPayloadFile.h"

// The platform half of readAndRemove() (HookPayloadFile_posix.cpp, HookPayloadFile_win.cpp).
namespace teamai::hookpayload::platform {

/// @brief readAndRemove() of a named @p path.
FileRead readAndRemoveFile(const QString &path, qint64 maxBytes);

} // namespace teamai::hookpayload::platform
