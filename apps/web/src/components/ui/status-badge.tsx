// A status as a small rounded label: a tinted background under the text colour, so both themes
// keep their contrast, and the word always there, so colour is never the only cue. Each domain
// names its statuses' tones once, beside its statuses (`StatusTones`: status → tone), and every
// screen showing such a status passes that map, so a status looks the same to customer and
// staff. `data-status` lets tests and styles find the state without the text.
import { cn } from '@/lib/utils';

/**
 * The tones a status may take. Tints under the foreground text: the theme's own tokens where it
 * has one (amber, green, red, grey), palette tints elsewhere, stronger in the dark theme so the
 * tint still shows on a dark card; the text stays the foreground colour, which keeps AA contrast
 * on every tint in both themes.
 */
export const statusToneClasses = {
  grey: 'bg-muted',
  amber: 'bg-accent/25',
  blue: 'bg-sky-500/15 dark:bg-sky-400/25',
  violet: 'bg-violet-500/15 dark:bg-violet-400/25',
  teal: 'bg-teal-500/15 dark:bg-teal-400/25',
  green: 'bg-success/15',
  red: 'bg-destructive/15',
} as const;

export type StatusTone = keyof typeof statusToneClasses;

/** A domain's colour map: the tone of each of its statuses. */
export type StatusTones<Status extends string> = Readonly<Record<Status, StatusTone>>;

export function StatusBadge<Status extends string>({
  status,
  tones,
  label,
  testId,
  className,
}: {
  status: Status;
  tones: StatusTones<Status>;
  /** The status in words, in the reader's language. */
  label: string;
  testId: string;
  className?: string | undefined;
}) {
  const tone = tones[status];
  return (
    <span
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold text-foreground',
        statusToneClasses[tone],
        className,
      )}
      data-testid={testId}
      data-status={status}
      data-tone={tone}
    >
      {label}
    </span>
  );
}
