// The "How it works" notes of /fixed-assets (SPEC §9): the four terms and their rates on the
// asset's value, total return = value + profit, no withdrawal before the term ends, and profit
// added at completion; with how the days are counted (DESIGN §5).
import { CalendarClock, Coins, Lock, Percent } from 'lucide-react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useTranslation } from '@/lib/i18n';

const notes = [
  { key: 'terms', icon: Percent },
  { key: 'total', icon: Coins },
  { key: 'locked', icon: Lock },
  { key: 'profit', icon: Coins },
  { key: 'calendar', icon: CalendarClock },
] as const;

export function FixedHowItWorks() {
  const { t } = useTranslation('custody');
  return (
    <Card role="region" aria-labelledby="fixed-how-title">
      <CardHeader>
        <h2 id="fixed-how-title" className="text-lg font-semibold leading-tight">
          {t('fixed.how.title')}
        </h2>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 text-sm" data-testid="fixed-how">
          {notes.map(({ key, icon: Icon }) => (
            <li key={key} className="flex gap-3">
              <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-accent-strong" />
              <span>{t(`fixed.how.${key}`)}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
