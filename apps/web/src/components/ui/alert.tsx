import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

const tones = {
  info: 'border-border bg-muted/60 text-foreground',
  warning: 'border-accent/50 bg-accent/10 text-foreground',
  danger: 'border-destructive/40 bg-destructive/10 text-foreground',
  success: 'border-success/40 bg-success/10 text-foreground',
} as const;

/** A boxed notice inside a page (not a live announcement unless the caller adds a role). */
export function Alert({
  className,
  tone = 'info',
  ...props
}: ComponentProps<'div'> & { tone?: keyof typeof tones }) {
  return (
    <div
      className={cn(
        'flex gap-3 rounded-md border p-4 text-sm [&>svg]:mt-0.5 [&>svg]:size-5 [&>svg]:shrink-0',
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
