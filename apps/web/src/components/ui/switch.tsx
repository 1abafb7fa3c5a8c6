// An on/off switch in the shadcn style: a button with role="switch" and aria-checked, named by
// its label (aria-labelledby or a <label>). The thumb moves to the end side, so it mirrors in
// Arabic.
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export function Switch({
  isChecked,
  onCheckedChange,
  className,
  ...props
}: Omit<ComponentProps<'button'>, 'onClick' | 'role' | 'type'> & {
  isChecked: boolean;
  onCheckedChange: (isChecked: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={isChecked}
      data-state={isChecked ? 'checked' : 'unchecked'}
      onClick={() => onCheckedChange(!isChecked)}
      className={cn(
        'inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50',
        isChecked ? 'bg-primary' : 'bg-muted-foreground/60',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden
        className={cn(
          'pointer-events-none block size-5 rounded-full bg-background shadow-sm transition-transform',
          isChecked ? 'translate-x-5 rtl:-translate-x-5' : 'translate-x-0',
        )}
      />
    </button>
  );
}
