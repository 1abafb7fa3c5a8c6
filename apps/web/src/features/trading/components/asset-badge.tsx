// A round mark with an asset's symbol, tinted by kind: gold tones for metals, blue for crypto.
// Decorative: the name and symbol are always written beside it.
import type { Asset } from '@secure-vault/shared/catalogue';
import { cn } from '@/lib/utils';

const sizes = {
  sm: { box: 'size-9', text: ['text-xs', 'text-[0.625rem]', 'text-[0.5rem]'] },
  md: { box: 'size-10', text: ['text-xs', 'text-[0.625rem]', 'text-[0.5625rem]'] },
  lg: { box: 'size-12', text: ['text-base', 'text-xs', 'text-[0.625rem]'] },
} as const;

export function AssetBadge({ asset, size = 'md' }: { asset: Asset; size?: keyof typeof sizes }) {
  const label =
    asset.kind === 'metal'
      ? asset.symbol.charAt(0) + asset.symbol.slice(1).toLowerCase()
      : asset.symbol;
  const { box, text } = sizes[size];
  return (
    <span
      aria-hidden
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full font-bold',
        box,
        text[Math.min(Math.max(label.length - 3, 0), 2)],
        asset.kind === 'metal'
          ? 'bg-accent/15 text-accent-strong ring-1 ring-accent/40'
          : 'bg-primary/10 text-primary ring-1 ring-primary/25',
      )}
    >
      {label}
    </span>
  );
}
