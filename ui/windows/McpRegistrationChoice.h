#pragma once

namespace teamai::ui::mcpchoice {

/// @brief True when TeamAI's MCP server is registered (recorded in mcp-registration.json) for
/// any agent: what the Settings dialog's checkbox starts with. Saving the choice is
/// Enrollment's (EnrollmentMcp::Register / Unregister), as for `teamai init --mcp`.
bool isRegistered();

} // namespace teamai::ui::mcpchoice
