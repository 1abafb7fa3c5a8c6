// The valuables list or its empty state (SPEC §2), with loading placeholders and the SPEC §8
// error. One request for the whole list; each card is cheap and off-screen cards skip layout and
// paint (content-visibility), so a thousand valuables scroll smoothly. Metals can be shown in
// milligrams, grams or troy ounces (lib/metal-unit.ts).
import { useEffect, useRef } from 'react';
import { Archive } from 'lucide-react';
import type { Valuable } from '@secure-vault/shared/vault';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { NativeSelect } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { metalUnits, useMetalUnit } from '@/lib/metal-unit';
import { toast } from '@/lib/toast';
import { ValuableCard } from './valuable-card';

export function ValuablesSection({
  valuables,
  isError,
  errorUpdatedAt,
  onRetry,
}: {
  valuables: Valuable[] | undefined;
  isError: boolean;
  errorUpdatedAt: number;
  onRetry: () => void;
}) {
  const { t } = useTranslation(['vault', 'catalogue']);
  const language = currentLanguage();
  const [metalUnit, setMetalUnit] = useMetalUnit();
  const holdsMetal = valuables?.some((valuable) => valuable.unit === 'mg') ?? false;

  // SPEC §8: a toast once per failure (not again on a re-render or a change of language).
  const toastedFailure = useRef(0);
  useEffect(() => {
    if (!isError || toastedFailure.current === errorUpdatedAt) return;
    toastedFailure.current = errorUpdatedAt;
    toast.error(t('valuables.loadErrorTitle'), { description: t('valuables.loadErrorBody') });
  }, [isError, errorUpdatedAt, t]);

  let body;
  if (valuables) {
    body =
      valuables.length === 0 ? (
        <Card data-testid="vault-empty">
          <div className="flex flex-col items-center gap-3 p-8 text-center sm:p-12">
            <span className="flex size-14 items-center justify-center rounded-full bg-muted text-accent-strong">
              <Archive aria-hidden className="size-7" />
            </span>
            <h3 className="text-xl font-semibold">{t('valuables.emptyTitle')}</h3>
            <p className="max-w-md text-muted-foreground">{t('valuables.emptyBody')}</p>
          </div>
        </Card>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="valuables-list">
          {valuables.map((valuable) => (
            <ValuableCard
              key={valuable.id}
              valuable={valuable}
              t={t}
              language={language}
              metalUnit={metalUnit}
            />
          ))}
        </ul>
      );
  } else if (isError) {
    body = (
      <LoadError title={t('valuables.loadErrorTitle')} onRetry={onRetry}>
        {t('valuables.loadErrorBody')}
      </LoadError>
    );
  } else {
    body = (
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
        {[0, 1, 2].map((index) => (
          <li key={index} className="grid gap-4 rounded-lg border bg-card p-5">
            <div className="flex items-center gap-3">
              <Skeleton className="size-10 rounded-full" />
              <div className="grid flex-1 gap-2">
                <Skeleton className="h-4 w-3/4" />
                <Skeleton className="h-3 w-1/3" />
              </div>
            </div>
            <Skeleton className="h-3 w-full" />
            <Skeleton className="h-3 w-5/6" />
            <Skeleton className="h-3 w-2/3" />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="valuables-heading" className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="valuables-heading" className="text-xl font-semibold tracking-tight">
          {t('valuables.title')}
        </h2>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          {holdsMetal ? (
            <div className="flex items-center gap-2 text-sm">
              <Label htmlFor="metal-unit" className="text-muted-foreground">
                {t('valuables.metalUnit')}
              </Label>
              <NativeSelect
                id="metal-unit"
                value={metalUnit}
                className="w-48"
                onChange={(event) => {
                  const unit = metalUnits.find((value) => value === event.target.value);
                  if (unit) setMetalUnit(unit);
                }}
              >
                {metalUnits.map((unit) => (
                  <option key={unit} value={unit}>
                    {t(`valuables.metalUnits.${unit}`)}
                  </option>
                ))}
              </NativeSelect>
            </div>
          ) : null}
          {valuables && valuables.length > 0 ? (
            <p className="text-sm text-muted-foreground" data-testid="valuables-count">
              {t('valuables.count', { count: valuables.length })}
            </p>
          ) : null}
        </div>
      </div>
      {body}
    </section>
  );
}
