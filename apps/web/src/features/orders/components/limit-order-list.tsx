// An asset's limit orders under their heading (HeadedList, as the recurring buys show theirs):
// the open ones first, then the ones filled, cancelled or expired, each group newest first.
import type { ReactNode } from 'react';
import type { LimitOrder } from '@secure-vault/shared/orders';
import { HeadedList, type HeadedListState } from '@/components/ui/headed-list';
import { useTranslation } from '@/lib/i18n';
import { LimitOrderRow } from './limit-order-row';

export function LimitOrderList(list: HeadedListState<LimitOrder> & { empty: ReactNode }) {
  const { t } = useTranslation('trading');
  return (
    <HeadedList
      {...list}
      loadingText={t('orders.loading')}
      loadFailedText={t('orders.loadFailed')}
      testIds={{ list: 'limit-order-list', loading: 'orders-loading', empty: 'orders-empty' }}
      rowHeight="h-20"
      renderRow={(order, focusHeading) => <LimitOrderRow order={order} onGone={focusHeading} />}
    />
  );
}
