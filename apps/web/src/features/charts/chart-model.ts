// What a chart draws, whatever it charts: rows in time order with each series' place on the
// drawing (a number) and its exact text (from the decimal string), and the series themselves.

export interface ChartSeries {
  key: string;
  label: string;
  /** A design token (`var(--primary)`), so the line reads in both themes. */
  color: string;
  /** A second line beside the first, dashed so it differs by more than its colour. */
  isDashed?: boolean;
  /** Drawn as a stacked area under the lines (the portfolio's cash, assets and custody). */
  isStacked?: boolean;
}

export interface ChartRow {
  /** Milliseconds since the epoch: the time axis. */
  at: number;
  /** The ISO time, for the table and the tooltip. */
  iso: string;
  /** Each series' exact decimal. */
  amounts: Record<string, string>;
  /** Geometry only. */
  values: Record<string, number>;
  /** What a reader sees, formatted from the exact decimal. */
  texts: Record<string, string>;
}
