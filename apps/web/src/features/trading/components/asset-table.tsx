// The wide-screen table of an asset list (metals, cryptocurrencies): a row opens the asset's
// page through its name link, or by a click anywhere on it; the last column is a chevron.
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ChevronRight } from 'lucide-react';
import type { Asset } from '@secure-vault/shared/catalogue';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { AssetBadge } from './asset-badge';

export interface AssetColumn<A> {
  header: string;
  cell: (asset: A) => ReactNode;
  /** Numbers line up at the end. */
  align?: 'start' | 'end';
  /** On the header and the cells alike, e.g. `hidden lg:table-cell`. */
  className?: string;
  headerClassName?: string;
  cellClassName?: string;
}

export function AssetTable<A extends Asset>({
  assets,
  caption,
  openLabel,
  hrefOf,
  columns,
  isCompact = false,
  className,
  testId,
}: {
  assets: readonly A[];
  caption: string;
  /** The screen-reader name of the chevron column. */
  openLabel: string;
  hrefOf: (asset: A) => string;
  columns: AssetColumn<A>[];
  /** Tighter cells, for tables with many columns. */
  isCompact?: boolean;
  /** Where the table shows, e.g. `hidden sm:block`. */
  className?: string;
  testId: string;
}) {
  const navigate = useNavigate();
  const padding = isCompact ? 'px-4' : 'px-6';
  return (
    <Card className={cn('overflow-hidden', className)}>
      <table className="w-full text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/60 text-muted-foreground">
          <tr>
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={cn(
                  padding,
                  'py-3 font-medium',
                  column.align === 'end' ? 'text-end' : 'text-start',
                  column.className,
                  column.headerClassName,
                )}
              >
                {column.header}
              </th>
            ))}
            <th scope="col" className={cn(padding, 'w-12 py-3')}>
              <span className="sr-only">{openLabel}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {assets.map((asset) => (
            <tr
              key={asset.symbol}
              className="cursor-pointer transition-colors hover:bg-muted/60"
              onClick={() => navigate(hrefOf(asset))}
            >
              {columns.map((column) => (
                <td
                  key={column.header}
                  className={cn(
                    padding,
                    isCompact ? 'py-3' : 'py-4',
                    column.align === 'end' && 'text-end',
                    column.className,
                    column.cellClassName,
                  )}
                >
                  {column.cell(asset)}
                </td>
              ))}
              <td className={cn(padding, isCompact ? 'py-3' : 'py-4', 'text-muted-foreground')}>
                <ChevronRight aria-hidden className="size-4 rtl:rotate-180" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/** The name cell: the asset's badge and its name, linking to its page. */
export function AssetNameCell({ asset, name, href }: { asset: Asset; name: string; href: string }) {
  return (
    <span className="flex items-center gap-3">
      <AssetBadge asset={asset} size="sm" />
      <Link to={href} className="font-semibold whitespace-nowrap hover:underline">
        {name}
      </Link>
    </span>
  );
}
