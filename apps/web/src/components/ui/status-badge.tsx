// A status as a small rounded label: a tinted background under the text colour, so both themes
// keep their contrast, and the word always there, so colour is never the only cue. Each list
// names its own tones; `data-status` lets tests and styles find the state without the text.
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export function StatusBadge({
  status,
  tone,
  toneHasText = false,
  testId,
  className,
  children,
}: {
  status: string;
  /** Background classes; the text is the foreground colour unless `toneHasText`. */
  tone: string;
  /** The tone names its own text colours (there is no class merging: both would apply). */
  toneHasText?: boolean;
  testId: string;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold',
        !toneHasText && 'text-foreground',
        tone,
        className,
      )}
      data-testid={testId}
      data-status={status}
    >
      {children}
    </span>
  );
}
