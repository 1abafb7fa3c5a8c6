// A gain or a loss: an arrow, the signed figure ("+$12.00", "-$3.50") and, for screen readers,
// the word for which way it went. The sign and the words carry the meaning; the colour of the
// arrow and the tint only repeat it, and the text keeps the foreground colour in both themes.
import { ArrowDown, ArrowUp, Minus } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { type Direction } from '../chart-format';

const looks = {
  up: { Icon: ArrowUp, tint: 'bg-success/15', icon: 'text-success' },
  down: { Icon: ArrowDown, tint: 'bg-destructive/15', icon: 'text-destructive' },
  flat: { Icon: Minus, tint: 'bg-muted', icon: 'text-muted-foreground' },
} as const;

export function Gain({
  direction,
  text,
  className,
}: {
  direction: Direction;
  /** The signed figure, formatted: "+$12.00 (+5.00%)". */
  text: string;
  className?: string;
}) {
  const { t } = useTranslation('charts');
  const { Icon, tint, icon } = looks[direction];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-foreground tabular-nums',
        tint,
        className,
      )}
      data-testid="gain"
      data-direction={direction}
    >
      <Icon aria-hidden className={cn('size-3.5 shrink-0', icon)} />
      <span className="sr-only">{t(`gain.${direction}`)} </span>
      <bdi dir="ltr">{text}</bdi>
    </span>
  );
}
