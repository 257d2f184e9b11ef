#include "windows/TokenNotice.h"

#include "config/TokenStore.h"

#include <QCoreApplication>

namespace teamai::ui {
namespace {

// A free function has no tr(): this gives it the "TokenNotice" context, one lupdate also sees.
struct TokenNoticeText {
    Q_DECLARE_TR_FUNCTIONS(TokenNotice)
};

} // namespace

TokenNotice tokenSavedNotice(AgentSettings::TokenLocation location, const QString &fallbackReason)
{
    TokenNotice notice;
    switch (location) {
    case AgentSettings::TokenLocation::Keychain:
        notice.text = TokenNoticeText::tr("The token is saved in the system credential store.");
        break;
    case AgentSettings::TokenLocation::File:
        if (fallbackReason.isEmpty()) {
            notice.text = TokenNoticeText::tr("The token is saved in %1, a file only you can read.").arg(TokenStore::tokenFilePath());
        } else {
            notice.warning = true;
            notice.text = TokenNoticeText::tr("The token is saved in %1, a plain file only you can read: no system credential "
                                              "store answered (%2). Install and start a Secret Service such as gnome-keyring "
                                              "(GNOME) or KWallet (KDE), then save the token again to keep it there.")
                              .arg(TokenStore::tokenFilePath(), fallbackReason);
        }
        break;
    case AgentSettings::TokenLocation::None:
        notice.text = TokenNoticeText::tr("No token is saved.");
        break;
    }
    return notice;
}

} // namespace teamai::ui
