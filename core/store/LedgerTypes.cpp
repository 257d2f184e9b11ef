#include "store/LedgerTypes.h"

namespace teamai {

QString deliveryName(Delivery delivery)
{
    switch (delivery) {
    case Delivery::NotDelivered: return QStringLiteral("not_delivered");
    case Delivery::Delivered: return QStringLiteral("delivered");
    case Delivery::Unknown: return QStringLiteral("unknown");
    }
    return {};
}

} // namespace teamai
