// A list of price alerts as both screens show it (issue 29), under its heading (HeadedList).
import type { ReactNode } from 'react';
import type { PriceAlert } from '@secure-vault/shared/alerts';
import { HeadedList, type HeadedListState } from '@/components/ui/headed-list';
import { useTranslation } from '@/lib/i18n';
import { PriceAlertRow } from './price-alert-row';

export function AlertList({
  isAssetShown = false,
  ...list
}: HeadedListState<PriceAlert> & { empty: ReactNode; isAssetShown?: boolean }) {
  const { t } = useTranslation('trading');
  return (
    <HeadedList
      {...list}
      loadingText={t('alerts.loading')}
      loadFailedText={t('alerts.loadFailed')}
      testIds={{
        list: 'price-alert-list',
        loading: 'price-alerts-loading',
        empty: 'price-alerts-empty',
      }}
      rowHeight="h-14"
      renderRow={(alert, focusHeading) => (
        <PriceAlertRow alert={alert} isAssetShown={isAssetShown} onRemoved={focusHeading} />
      )}
    />
  );
}
