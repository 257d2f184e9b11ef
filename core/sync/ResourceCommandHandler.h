#pragma once

#include "sync/CommandHandler.h"

#include <QString>

class QNetworkAccessManager;

namespace teamai {

/// @brief Skill, rule and claudemd install/uninstall commands (SPEC §4): validates the slug and
/// the scope, downloads `download_url` (Downloader: http(s) only, 50 MiB, one time budget — at
/// most 60 s and never past the run's deadline) and hands the file to resources::ResourceStore.
/// Not gated by the kill switch (SPEC §5: resource installs are not remote commands).
class ResourceCommandHandler : public CommandHandler
{
public:
    /// @param network used for downloads; @param caFile extra CA certificates, as for the backend.
    ResourceCommandHandler(QNetworkAccessManager *network, QString caFile);

    CommandResult handle(const Command &command, const CommandRoute &route, const CommandContext &context) override;

private:
    QNetworkAccessManager *m_network;
    QString m_caFile;
};

} // namespace teamai
