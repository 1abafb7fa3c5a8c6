// One transaction of the history list: what kind, when, and each asset or cash leg with its
// signed quantity and amount. The whole row opens the transaction's receipt: its kind is the
// link, stretched over the row, named with the kind and the time for a screen reader's list of
// links, and reached by Tab like any other.
import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { paths } from '@secure-vault/shared/paths';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import type { Transaction } from '../transactions';
import { HistoryLeg } from './history-leg';

const dateTime: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

export function TransactionItem({ transaction }: { transaction: Transaction }) {
  const { t } = useTranslation(['history', 'catalogue']);
  const kind = t(`kinds.${transaction.kind}`);
  const date = formatDate(transaction.createdAt, undefined, dateTime);
  return (
    <li
      className="relative grid gap-3 px-4 py-4 transition-colors focus-within:bg-muted/60 hover:bg-muted/60 sm:px-6"
      data-testid="history-item"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="font-semibold" data-testid="history-kind">
          <Link
            to={paths.historyReceipt(transaction.id)}
            aria-label={t('openReceipt', { kind, date })}
            className="outline-none after:absolute after:inset-0 focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-ring"
            data-testid="history-receipt-link"
          >
            {kind}
          </Link>
        </h3>
        <span className="flex items-center gap-2 text-sm text-muted-foreground">
          <time dateTime={transaction.createdAt}>{date}</time>
          <ChevronRight aria-hidden className="size-4 rtl:rotate-180" />
        </span>
      </div>
      <ul className="grid gap-2">
        {transaction.legs.map((leg) => (
          <HistoryLeg key={leg.id} leg={leg} />
        ))}
      </ul>
    </li>
  );
}
