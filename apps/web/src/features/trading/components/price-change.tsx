// A price's change over 24 hours: an arrow, the signed percentage and a sentence for screen
// readers, on a tint of the way it went. The sign and the words carry the meaning; the colour
// only repeats it, and the text keeps the foreground colour so it reads in both themes.
import { ArrowDown, ArrowUp, Minus } from 'lucide-react';
import { dec } from '@secure-vault/shared/money';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { formatPercentChange } from '@/lib/percent-change';

type Direction = 'up' | 'down' | 'flat';

const looks = {
  up: { Icon: ArrowUp, tint: 'bg-success/15', icon: 'text-success' },
  down: { Icon: ArrowDown, tint: 'bg-destructive/15', icon: 'text-destructive' },
  flat: { Icon: Minus, tint: 'bg-muted', icon: 'text-muted-foreground' },
} as const;

function directionOf(change: string): Direction {
  const value = dec(change);
  if (value.isZero()) return 'flat';
  return value.isNegative() ? 'down' : 'up';
}

/** `change` in percent ("1.25"); null when there is no change to tell, undefined while loading. */
export function PriceChange({
  change,
  className,
}: {
  change: string | null | undefined;
  className?: string;
}) {
  const { t } = useTranslation('trading');
  if (change === undefined || change === null) {
    return (
      <span className={cn('text-muted-foreground', className)} data-testid="price-change">
        <span aria-hidden>—</span>
        <span className="sr-only">
          {change === null ? t('prices.change.none') : t('prices.change.loading')}
        </span>
      </span>
    );
  }
  const direction = directionOf(change);
  const { Icon, tint, icon } = looks[direction];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-foreground tabular-nums',
        tint,
        className,
      )}
      data-testid="price-change"
      data-direction={direction}
    >
      <Icon aria-hidden className={cn('size-3.5 shrink-0', icon)} />
      <bdi dir="ltr" aria-hidden>
        {formatPercentChange(change)}
      </bdi>
      <span className="sr-only">
        {t(`prices.change.${direction}`, {
          change: formatPercentChange(change, { isSigned: false }),
        })}
      </span>
    </span>
  );
}
