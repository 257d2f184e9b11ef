#pragma once

#include "util/Result.h"

#include <QString>
#include <QStringList>

namespace teamai {

/// @brief The closed set of `teamai` invocations a backend may push (docs/security.md, "Pushed
/// commands: the closed allowlist"). One table in PushedAllowlist.cpp: the subcommand, each of
/// its options and what an option's value must look like. Everything not in the table — another
/// subcommand, an unknown or repeated option, a value of the wrong shape, an extra positional
/// argument, a `--` separator — is refused.
namespace pushedallowlist {

/// @brief Checks the arguments after `teamai`. Succeeds when allowed; otherwise fails with the ack
/// error, e.g. `Rejected cmd: "teamai init" is not allowed from the backend`.
Status check(const QStringList &arguments);

/// @brief The allowed forms, one line each (`teamai uninstall [--agent AGENT] [--force]`), for
/// documentation and help texts.
QStringList describe();

} // namespace pushedallowlist
} // namespace teamai
