// One price alert in a list (issue 29): what it waits for, when it was set or when it fired and at
// what price, and Remove. The asset page's list leaves out the asset; Settings names it, linked
// to its page.
import { Link } from 'react-router';
import { BellRing, Trash2 } from 'lucide-react';
import type { PriceAlert } from '@secure-vault/shared/alerts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { StatusBadge, type StatusTones } from '@/components/ui/status-badge';
import { apiErrorText } from '@/lib/api-error-text';
import { assetName } from '@/lib/asset-name';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useDeletePriceAlert } from '../api/delete-price-alert';
import { alertDateTime, alertLevelText, alertPriceText, assetPagePath } from '../alert-text';

type AlertStatus = 'waiting' | 'fired';

const statusTones: StatusTones<AlertStatus> = { waiting: 'amber', fired: 'green' };

function AssetLink({ symbol }: { symbol: string }) {
  const { t } = useTranslation(['trading', 'catalogue']);
  const path = assetPagePath(symbol);
  const name = assetName(t, symbol);
  if (path === null) return <p className="font-semibold">{name}</p>;
  return (
    <p>
      <Link to={path} className="font-semibold underline-offset-2 hover:underline">
        {name}
      </Link>
    </p>
  );
}

/** When it was set, or when it fired and at what sell price. */
function AlertWhen({ alert }: { alert: PriceAlert }) {
  const { t } = useTranslation('trading');
  if (alert.firedAt === null) {
    return (
      <p className="text-muted-foreground">
        {t('alerts.setOn')}{' '}
        <time dateTime={alert.createdAt}>
          {formatDate(alert.createdAt, undefined, alertDateTime)}
        </time>
      </p>
    );
  }
  return (
    <p className="text-muted-foreground" data-testid="price-alert-fired">
      {t('alerts.firedOn')}{' '}
      <time dateTime={alert.firedAt}>{formatDate(alert.firedAt, undefined, alertDateTime)}</time>
      {alert.firedPrice === null
        ? null
        : ` · ${t('alerts.firedAt', { price: alertPriceText(t, alert.symbol, alert.firedPrice) })}`}
    </p>
  );
}

export function PriceAlertRow({
  alert,
  isAssetShown = false,
  onRemoved,
}: {
  alert: PriceAlert;
  /** Settings lists every asset's alerts, so it names the asset; the asset's page does not. */
  isAssetShown?: boolean;
  /** After removal, once the list is read again: where the keyboard focus goes next. */
  onRemoved?: () => void;
}) {
  const { t } = useTranslation(['trading', 'catalogue', 'auth']);
  const remove = useDeletePriceAlert();
  const status: AlertStatus = alert.firedAt === null ? 'waiting' : 'fired';
  const level = alertLevelText(t, alert);
  const named = isAssetShown ? `${assetName(t, alert.symbol)}: ${level}` : level;

  const onRemove = () =>
    remove.mutate(
      { params: { id: alert.id } },
      {
        onSuccess: () => {
          toast.success(t('alerts.removed'));
          onRemoved?.();
        },
        onError: (error) => {
          // Already gone (removed in another tab): the list read again no longer shows it.
          if (error.code === 'NOT_FOUND') {
            onRemoved?.();
            return;
          }
          toast.error(t('alerts.removeFailed'), {
            description: apiErrorText(t, error, t('alerts.tryAgain')),
          });
        },
      },
    );

  return (
    <li
      className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="price-alert-item"
      data-status={status}
    >
      <div className="flex min-w-0 gap-3">
        <BellRing aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="grid min-w-0 gap-1 text-sm">
          {isAssetShown ? <AssetLink symbol={alert.symbol} /> : null}
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-medium tabular-nums">{level}</span>
            <StatusBadge
              status={status}
              tones={statusTones}
              label={t(`alerts.status.${status}`)}
              testId="price-alert-status"
            />
          </p>
          <AlertWhen alert={alert} />
        </div>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="self-start sm:self-center"
        aria-label={t('alerts.removeNamed', { alert: named })}
        aria-busy={remove.isPending}
        onClick={() => {
          if (!remove.isPending) onRemove();
        }}
      >
        {remove.isPending ? (
          <Spinner label={t('alerts.removing')} />
        ) : (
          <>
            <Trash2 aria-hidden />
            {t('alerts.remove')}
          </>
        )}
      </Button>
    </li>
  );
}
