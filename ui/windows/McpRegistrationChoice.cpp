#include "windows/McpRegistrationChoice.h"

#include "mcp/McpRegistration.h"
#include "tools/ToolTable.h"

namespace teamai::ui::mcpchoice {

bool isRegistered()
{
    for (const ToolInfo &tool : knownTools()) {
        if (!mcp::registration::recordedFile(tool).isEmpty())
            return true;
    }
    return false;
}

} // namespace teamai::ui::mcpchoice
