// The drawing of a time series (recharts, loaded lazily so it stays out of the page's first
// chunk): lines, and stacked areas beneath them when a series asks. In a right-to-left language
// time runs from right to left, newest on the left, with the value axis on the right and the
// tooltip opening towards the left. Arrow keys move the tooltip from point to point (recharts'
// accessibility layer); the summary the page gives names the drawing.
import {
  Area,
  CartesianGrid,
  ComposedChart,
  Line,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from 'recharts';
import type { ChartRow, ChartSeries } from '../chart-model';

export interface PlotProps {
  rows: ChartRow[];
  series: ChartSeries[];
  isRtl: boolean;
  /** Names the drawing for screen readers: the range, its first and last points and the change. */
  label: string;
  formatTick: (at: number) => string;
  formatAxis: (value: number) => string;
  height?: number;
}

type Domain = [number, number] | ['auto', 'auto'];

/**
 * recharts' rounded extent of the values, or, when every value is the same, that value ± 2%: a
 * flat line's ticks would otherwise all read the same short figure.
 */
function valueDomain(rows: ChartRow[], series: ChartSeries[]): Domain {
  const values = rows.flatMap((row) => series.map((line) => row.values[line.key] ?? 0));
  const [min, max] = [Math.min(...values), Math.max(...values)];
  if (series.some((line) => line.isStacked) || min !== max) return ['auto', 'auto'];
  const pad = Math.abs(min) * 0.02 || 1;
  return [min - pad, max + pad];
}

export default function TimeSeriesPlot({
  rows,
  series,
  isRtl,
  label,
  formatTick,
  formatAxis,
  height = 240,
}: PlotProps) {
  return (
    <ComposedChart
      data={rows}
      responsive
      style={{ width: '100%', height }}
      margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
      aria-label={label}
      className="text-xs"
    >
      <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
      <XAxis
        dataKey="at"
        type="number"
        scale="time"
        domain={['dataMin', 'dataMax']}
        reversed={isRtl}
        tickFormatter={formatTick}
        minTickGap={32}
        // A date reads in the language's own direction; its label is centred on its tick.
        tick={{ fill: 'var(--muted-foreground)', direction: isRtl ? 'rtl' : 'ltr' }}
        stroke="var(--border)"
      />
      <YAxis
        orientation={isRtl ? 'right' : 'left'}
        domain={valueDomain(rows, series)}
        tickFormatter={formatAxis}
        width="auto"
        tick={{ fill: 'var(--muted-foreground)' }}
        stroke="var(--border)"
      />
      <Tooltip
        content={(props) => <PlotTooltip {...props} rows={rows} series={series} isRtl={isRtl} />}
        reverseDirection={{ x: isRtl }}
        cursor={{ stroke: 'var(--muted-foreground)', strokeDasharray: '3 3' }}
        isAnimationActive={false}
      />
      {series.map((line) =>
        line.isStacked ? (
          <Area
            key={line.key}
            dataKey={(row: ChartRow) => row.values[line.key]}
            name={line.label}
            stackId="parts"
            type="monotone"
            stroke={line.color}
            fill={line.color}
            fillOpacity={0.2}
            isAnimationActive={false}
          />
        ) : (
          <Line
            key={line.key}
            dataKey={(row: ChartRow) => row.values[line.key]}
            name={line.label}
            type="monotone"
            stroke={line.color}
            strokeWidth={2}
            {...(line.isDashed ? { strokeDasharray: '5 4' } : {})}
            dot={rows.length === 1}
            activeDot={{ r: 4 }}
            isAnimationActive={false}
          />
        ),
      )}
    </ComposedChart>
  );
}

function PlotTooltip({
  active,
  label,
  rows,
  series,
  isRtl,
}: TooltipContentProps & { rows: ChartRow[]; series: ChartSeries[]; isRtl: boolean }) {
  // The row under the cursor, by its time (the axis's value), with the texts it was given.
  const row = rows.find((candidate) => candidate.at === label);
  if (!active || !row) return null;
  return (
    <div
      dir={isRtl ? 'rtl' : 'ltr'}
      className="grid gap-1 rounded-md border bg-card px-3 py-2 text-xs text-card-foreground shadow-md"
    >
      <p className="font-medium">{row.texts.at}</p>
      {series.map((line) => (
        <p key={line.key} className="flex items-center gap-2">
          <span
            aria-hidden
            className="size-2 rounded-full"
            style={{ backgroundColor: line.color }}
          />
          <span className="text-muted-foreground">{line.label}</span>
          <span className="ms-auto font-semibold tabular-nums">{row.texts[line.key]}</span>
        </p>
      ))}
    </div>
  );
}
