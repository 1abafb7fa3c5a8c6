// The swap form's "Swap to" choice: every listed asset but the one given, metals then crypto.
import type { UseFormRegisterReturn } from 'react-hook-form';
import { type Asset, assets } from '@secure-vault/shared/catalogue';
import { Label } from '@/components/ui/input';
import { useTranslation } from '@/lib/i18n';

export function SwapToField({
  from,
  field,
  className,
}: {
  from: Asset;
  /** The form's `to` field. */
  field: UseFormRegisterReturn<'to'>;
  className: string;
}) {
  const { t } = useTranslation(['trading', 'catalogue']);
  return (
    <div className="grid gap-2">
      <Label htmlFor="swap-to">{t('swap.to')}</Label>
      <select id="swap-to" className={className} {...field}>
        {(['metal', 'crypto'] as const).map((kind) => (
          <optgroup
            key={kind}
            label={kind === 'metal' ? t('swap.metalsGroup') : t('swap.cryptoGroup')}
          >
            {assets
              .filter((asset) => asset.kind === kind && asset.symbol !== from.symbol)
              .map((asset) => (
                <option key={asset.symbol} value={asset.symbol}>
                  {`${t(`catalogue:${asset.symbol}.name`)} (${asset.symbol})`}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}
