// The allocation donut (DESIGN §6: recharts, loaded lazily so it is not in the dashboard's first
// chunk). Decorative: the legend beside it carries the figures for every reader.
import { Cell, Pie, PieChart } from 'recharts';

export interface ChartSlice {
  key: string;
  /** Geometry only: the figures shown to people come from the exact decimal strings. */
  weight: number;
  color: string;
}

export default function AllocationChart({ slices }: { slices: ChartSlice[] }) {
  return (
    <PieChart width={176} height={176} accessibilityLayer={false}>
      <Pie
        data={slices}
        dataKey="weight"
        nameKey="key"
        innerRadius={52}
        outerRadius={84}
        paddingAngle={slices.length > 1 ? 2 : 0}
        stroke="none"
        isAnimationActive={false}
      >
        {slices.map((slice) => (
          <Cell key={slice.key} fill={slice.color} />
        ))}
      </Pie>
    </PieChart>
  );
}
