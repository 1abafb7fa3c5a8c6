// A chart's points as a table, newest first, behind a "Table view" button: what the drawing
// shows, for a screen reader, a keyboard, or anyone who wants the figures.
import { useId, useState } from 'react';
import { Table2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';
import type { ChartRow, ChartSeries } from '../chart-model';

export function ChartTable({
  rows,
  series,
  caption,
}: {
  rows: ChartRow[];
  series: ChartSeries[];
  caption: string;
}) {
  const { t } = useTranslation('charts');
  const [isOpen, setIsOpen] = useState(false);
  const id = useId();
  return (
    <div className="grid gap-3">
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        aria-expanded={isOpen}
        aria-controls={id}
        onClick={() => setIsOpen(!isOpen)}
      >
        <Table2 aria-hidden />
        {isOpen ? t('table.hide') : t('table.show')}
      </Button>
      <div
        id={id}
        hidden={!isOpen}
        role="region"
        aria-label={caption}
        // Scrollable, so it takes the keyboard focus to be scrolled.
        tabIndex={0}
        className="relative max-h-80 overflow-auto rounded-md border"
      >
        {isOpen ? (
          <table className="w-full text-sm" data-testid="chart-table">
            <caption className="sr-only">{caption}</caption>
            <thead className="sticky top-0 bg-muted text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  {t('table.time')}
                </th>
                {series.map((line) => (
                  <th key={line.key} scope="col" className="px-3 py-2 text-end font-medium">
                    {line.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.toReversed().map((row) => (
                <tr key={row.at} className="border-t">
                  <th scope="row" className="px-3 py-1.5 text-start font-normal whitespace-nowrap">
                    {row.texts.at}
                  </th>
                  {series.map((line) => (
                    <td
                      key={line.key}
                      className="px-3 py-1.5 text-end tabular-nums whitespace-nowrap"
                    >
                      {row.texts[line.key]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
    </div>
  );
}
