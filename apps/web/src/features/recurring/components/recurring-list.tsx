// A list of recurring buys as both screens show it (issue 29), under its heading (HeadedList).
import type { ReactNode } from 'react';
import type { RecurringBuy } from '@secure-vault/shared/recurring';
import { HeadedList, type HeadedListState } from '@/components/ui/headed-list';
import { useTranslation } from '@/lib/i18n';
import { RecurringBuyRow } from './recurring-buy-row';

export function RecurringList({
  isAssetShown = false,
  ...list
}: HeadedListState<RecurringBuy> & { empty: ReactNode; isAssetShown?: boolean }) {
  const { t } = useTranslation('trading');
  return (
    <HeadedList
      {...list}
      loadingText={t('recurring.loading')}
      loadFailedText={t('recurring.loadFailed')}
      testIds={{ list: 'recurring-list', loading: 'recurring-loading', empty: 'recurring-empty' }}
      rowHeight="h-20"
      renderRow={(plan, focusHeading) => (
        <RecurringBuyRow plan={plan} isAssetShown={isAssetShown} onGone={focusHeading} />
      )}
    />
  );
}
