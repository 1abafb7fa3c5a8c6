// One limit order in the asset's list (issue 29): the order in a line and its status; while open,
// what it reserves, how long it is good, when it was placed and Cancel; once closed, how it ended
// (filled at a price for a total, cancelled or expired) and when. After a cancel the keyboard
// stays on the row, or goes to the list's heading when the row is gone.
import { useRef } from 'react';
import { ArrowDownLeft, ArrowUpRight } from 'lucide-react';
import type { LimitOrder, OrderStatus } from '@secure-vault/shared/orders';
import { StatusBadge, type StatusTones } from '@/components/ui/status-badge';
import { apiErrorText } from '@/lib/api-error-text';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useCancelLimitOrder } from '../api/cancel-limit-order';
import { fillText, lastDayText, orderText, orderTimeText, reservedText } from '../order-text';
import { CancelLimitOrder } from './cancel-limit-order';

const statusTones: StatusTones<OrderStatus> = {
  open: 'blue',
  filled: 'green',
  cancelled: 'grey',
  expired: 'amber',
};

function useCancel(order: LimitOrder, onDone: () => void) {
  const { t } = useTranslation(['trading', 'auth']);
  const cancel = useCancelLimitOrder();
  const run = () =>
    cancel.mutate(
      { params: { id: order.id } },
      {
        onSuccess: () => {
          toast.success(t('orders.cancelled'));
          onDone();
        },
        onError: (error) => {
          const description =
            error.code === 'CONFLICT' || error.code === 'NOT_FOUND'
              ? t('orders.changedElsewhere')
              : apiErrorText(t, error, t('orders.tryAgain'));
          toast.error(t('orders.cancelFailed'), { description });
        },
      },
    );
  return { run, isPending: cancel.isPending };
}

function OpenDetails({ order }: { order: LimitOrder }) {
  const { t } = useTranslation(['trading', 'catalogue']);
  return (
    <>
      <p data-testid="order-reserved">
        <span className="text-muted-foreground">{t('orders.reserved')} </span>
        <span className="font-medium tabular-nums">{reservedText(t, order)}</span>
      </p>
      <p className="text-muted-foreground" data-testid="order-good-until">
        {order.expiresAt === null
          ? t('orders.untilCancelled')
          : t('orders.untilDay', { date: lastDayText(order.expiresAt) })}
      </p>
    </>
  );
}

function ClosedDetails({ order }: { order: LimitOrder }) {
  const { t } = useTranslation(['trading', 'catalogue']);
  return (
    <>
      {order.status === 'filled' ? <p data-testid="order-fill">{fillText(t, order)}</p> : null}
      {order.closedAt ? (
        <p className="text-muted-foreground" data-testid="order-closed">
          {t(`orders.closedOn.${order.status}`)}{' '}
          <time dateTime={order.closedAt}>{orderTimeText(order.closedAt)}</time>
        </p>
      ) : null}
    </>
  );
}

export function LimitOrderRow({ order, onGone }: { order: LimitOrder; onGone: () => void }) {
  const { t } = useTranslation(['trading', 'catalogue']);
  const titleRef = useRef<HTMLSpanElement>(null);
  const focusRow = () => {
    if (titleRef.current?.isConnected) titleRef.current.focus();
    else onGone();
  };
  const cancel = useCancel(order, focusRow);
  const text = orderText(t, order);
  const isOpen = order.status === 'open';
  const Icon = order.side === 'buy' ? ArrowDownLeft : ArrowUpRight;

  return (
    <li className="grid gap-3 p-4" data-testid="limit-order-item" data-status={order.status}>
      <div className="flex min-w-0 gap-3">
        <Icon
          aria-hidden
          className="mt-0.5 size-5 shrink-0 text-muted-foreground rtl:-scale-x-100"
        />
        <div className="grid min-w-0 flex-1 gap-1 text-sm">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span ref={titleRef} tabIndex={-1} className="font-medium tabular-nums outline-none">
              {text}
            </span>
            <StatusBadge
              status={order.status}
              tones={statusTones}
              label={t(`orders.status.${order.status}`)}
              testId="order-status"
            />
          </p>
          {isOpen ? <OpenDetails order={order} /> : <ClosedDetails order={order} />}
          <p className="text-muted-foreground">
            {t('orders.placedOn')}{' '}
            <time dateTime={order.createdAt}>{orderTimeText(order.createdAt)}</time>
          </p>
        </div>
      </div>
      {isOpen ? (
        <div className="flex flex-wrap gap-2 ps-8">
          <CancelLimitOrder
            orderText={text}
            reservedText={reservedText(t, order)}
            isPending={cancel.isPending}
            onConfirm={cancel.run}
            onConfirmed={focusRow}
          />
        </div>
      ) : null}
    </li>
  );
}
