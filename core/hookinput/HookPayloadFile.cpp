#include "hookinput/HookPayloadFile.h"

#include "hookinput/HookPayloadFile_platform.h"

namespace teamai::hookpayload {

FileRead readAndRemove(const QString &path, qint64 maxBytes)
{
    if (path.isEmpty()) {
        FileRead result;
        result.problem = QStringLiteral("no file named");
        return result;
    }
    return platform::readAndRemoveFile(path, maxBytes);
}

} // namespace teamai::hookpayload
