// One valuable (SPEC §2): name, type, quantity where there is one, stored date, value or N/A,
// location, status and description. Cheap to render: a dashboard may hold a thousand of them.
import { type ComponentType, memo } from 'react';
import {
  Banknote,
  Bitcoin,
  Brush,
  Cpu,
  FileText,
  Gem,
  Gift,
  Package,
  Repeat,
  ScrollText,
  Trophy,
  Weight,
} from 'lucide-react';
import { findAsset } from '@secure-vault/shared/catalogue';
import type { ItemType, Valuable, ValuableStatus } from '@secure-vault/shared/vault';
import type { Language } from '@secure-vault/shared/i18n';
import type { TFunction } from 'i18next';
import { formatDate } from '@/lib/format';
import {
  decimalsOf,
  formatAssetQuantity,
  formatQuantity,
  formatUsd,
  normalizeDecimal,
} from '@/lib/money';
import { formatMetal, type MetalUnit } from '@/lib/metal-unit';
import { cn } from '@/lib/utils';
import { holdingName, storageLocationText } from '@/lib/valuable-text';

const icons: Record<ItemType, ComponentType<{ 'aria-hidden'?: boolean; className?: string }>> = {
  jewelry: Gem,
  electronics: Cpu,
  artwork: Brush,
  documents: FileText,
  collectibles: Trophy,
  precious_metals: Weight,
  fund_transfer: Repeat,
  inheritance: ScrollText,
  donations: Gift,
  other: Package,
  cash: Banknote,
  crypto: Bitcoin,
};

const statusClass: Record<ValuableStatus, string> = {
  active: 'bg-success/15',
  locked: 'bg-accent/20',
  in_delivery: 'bg-primary/10 dark:bg-primary/20',
  reserved: 'bg-violet-500/15 dark:bg-violet-400/25',
  delivered: 'bg-muted',
};

function quantityText(
  valuable: Valuable,
  t: TFunction,
  language: Language,
  metalUnit: MetalUnit,
): string | null {
  if (valuable.quantity === null) return null;
  const asset = valuable.assetSymbol ? findAsset(valuable.assetSymbol) : undefined;
  // Metals are held in milligrams; shown in grams or troy ounces when the customer chose so.
  const isMetal = asset ? asset.kind === 'metal' : valuable.unit === 'mg';
  if (isMetal && metalUnit !== 'mg') return formatMetal(t, valuable.quantity, metalUnit, language);
  // A listed asset's quantity as every other screen shows it (lib/money.ts).
  if (asset) return formatAssetQuantity(t, asset, valuable.quantity, { language });
  const quantity = normalizeDecimal(valuable.quantity);
  const figure = formatQuantity(quantity, decimalsOf(quantity), language);
  if (valuable.unit === 'mg') return `${figure} ${t('units.mg')}`;
  if (valuable.unit === 'units') return `${figure} ${valuable.assetSymbol ?? t('units.units')}`;
  return figure;
}

export const ValuableCard = memo(function ValuableCard({
  valuable,
  t,
  language,
  metalUnit = 'mg',
}: {
  valuable: Valuable;
  t: TFunction;
  language: Language;
  metalUnit?: MetalUnit;
}) {
  const Icon = icons[valuable.itemType] ?? Package;
  const quantity = quantityText(valuable, t, language, metalUnit);
  const location = storageLocationText(t, valuable);
  return (
    <li
      className="flex flex-col gap-4 rounded-lg border bg-card p-5 text-card-foreground shadow-sm [contain-intrinsic-size:auto_15rem] [content-visibility:auto]"
      data-testid="valuable-card"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-muted text-accent-strong">
          <Icon aria-hidden className="size-5" />
        </span>
        <div className="grid min-w-0 flex-1 gap-0.5">
          <h3 className="break-words font-semibold leading-snug">
            <bdi>{holdingName(t, valuable)}</bdi>
          </h3>
          <p className="text-sm text-muted-foreground">{t(`itemTypes.${valuable.itemType}`)}</p>
        </div>
        <span
          className={cn(
            'shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold text-foreground',
            statusClass[valuable.status],
          )}
          data-testid="valuable-status"
        >
          <span className="sr-only">{t('valuables.status')}: </span>
          {t(`status.${valuable.status}`)}
        </span>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        <dt className="text-muted-foreground">{t('valuables.value')}</dt>
        <dd className="text-end font-semibold tabular-nums" data-testid="valuable-value">
          {valuable.estimatedValue === null
            ? t('valuables.notAvailable')
            : formatUsd(valuable.estimatedValue, { language })}
        </dd>
        {quantity ? (
          <>
            <dt className="text-muted-foreground">{t('valuables.quantity')}</dt>
            <dd className="text-end tabular-nums">
              <bdi>{quantity}</bdi>
            </dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">{t('valuables.stored')}</dt>
        <dd className="text-end">{formatDate(valuable.dateStored, language)}</dd>
        <dt className="text-muted-foreground">{t('valuables.location')}</dt>
        <dd className="min-w-0 break-words text-end">
          {location ? (
            <bdi>{location}</bdi>
          ) : (
            <span className="text-muted-foreground">{t('valuables.noLocation')}</span>
          )}
        </dd>
      </dl>
      {valuable.description ? (
        <p className="line-clamp-3 border-t pt-3 text-sm text-muted-foreground">
          <bdi>{valuable.description}</bdi>
        </p>
      ) : null}
    </li>
  );
});
