#pragma once

#include "util/Result.h"

#include <QDateTime>
#include <QString>

namespace teamai {

class LedgerDatabase;

/// @brief How much history the ledger keeps (agent settings `historyRetentionDays`,
/// `historyMaxCommands`; docs/delivery.md "Retention").
struct RetentionPolicy {
    static constexpr int kDefaultMaxAgeDays = 90;
    static constexpr qint64 kDefaultMaxCommands = 100000;
    int maxAgeDays = kDefaultMaxAgeDays;
    qint64 maxCommands = kDefaultMaxCommands;
};

/// @brief Prunes finished commands from the ledger: those older than the policy's age, then the
/// oldest beyond its row cap, each with its acks and ack attempts. Never a pending or running
/// command, nor one whose ack is still in the outbox: those are promises not yet kept.
///
/// Only the detached worker calls prune() (a foreground hook never pays for it); it deletes in
/// short transactions so hooks waiting for the write lock wait milliseconds, not seconds.
class LedgerRetention
{
public:
    /// @brief What prune() removed, and why it stopped early when it did (it logs that itself).
    struct [[nodiscard]] Pruned {
        int pruned = 0;
        QString error;   ///< why pruning stopped; empty when it finished

        bool ok() const { return error.isEmpty(); }
    };

    explicit LedgerRetention(LedgerDatabase &database);

    Pruned prune(const RetentionPolicy &policy, const QDateTime &now = QDateTime::currentDateTimeUtc());

    /// @brief True when no prune was recorded within the last day before @p now and there may be
    /// something to prune under @p policy (a finished row past the age, or more rows than the
    /// cap). A few indexed reads: cheap enough for a hook to ask.
    bool isDue(const RetentionPolicy &policy, const QDateTime &now = QDateTime::currentDateTimeUtc());
    /// @brief True when a prune was recorded within the day before @p now (one indexed read).
    bool prunedWithinADay(const QDateTime &now = QDateTime::currentDateTimeUtc());
    /// @brief isDue() without the look at the last prune: for a caller that asked
    /// prunedWithinADay() already (and read the policy only when it said no).
    bool mayHaveWork(const RetentionPolicy &policy, const QDateTime &now = QDateTime::currentDateTimeUtc());

private:
    struct Victim {
        qint64 rowId = 0;
        qint64 commandId = 0;
    };
    Pruned pruneRows(const RetentionPolicy &policy, const QDateTime &now);
    /// Up to @p limit prunable rows matching @p where, oldest first.
    Result<QList<Victim>> collect(const QString &where, const QVariantList &values, int limit);
    /// Deletes those of @p victims still prunable, in one transaction; how many went.
    Result<int> remove(const QList<Victim> &victims);
    Result<qint64> commandCount();
    /// Collects and removes batches matching @p where until none is left or @p enough says so.
    void pruneWhere(const QString &where, const QVariantList &values, qint64 limit, Pruned &result);
    void recordPrune(const QDateTime &now);
    void giveBackFreePages();

    LedgerDatabase &m_database;
};

} // namespace teamai
