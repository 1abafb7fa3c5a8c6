import { cn } from '@/lib/utils';

/** A progress bar for assistive technology too: role, range, value and the value in words. */
export function ProgressBar({
  value,
  max,
  label,
  valueText,
  className,
}: {
  value: number;
  max: number;
  label: string;
  valueText?: string;
  className?: string;
}) {
  const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={valueText}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      {/* A style set through the DOM, which the CSP allows (decision 011). */}
      <div
        className="h-full rounded-full bg-accent-strong transition-[width] duration-300"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
