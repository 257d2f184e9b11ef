#pragma once

#include "util/Result.h"

#include <QString>

namespace teamai::modelconfig {

/// @brief Makes `<workspace>/.codebuddy/.gitignore` list `models.json` (adding the line, or
/// creating the file), so the API keys of a project-scope model file are not committed. Other
/// lines are kept as they are; never through a link out of the workspace.
Status ensureModelsIgnored(const QString &workspace);

} // namespace teamai::modelconfig
