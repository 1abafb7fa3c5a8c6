// A question answered by choosing: a fieldset whose legend is the question, and one labelled
// radio button or checkbox per answer, each a card that shows when it is chosen.
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/utils';

export function ChoiceFieldset({
  legend,
  hint,
  error,
  id,
  children,
}: {
  legend: ReactNode;
  hint?: ReactNode;
  /** The error, already translated. */
  error?: string | undefined;
  id: string;
  children: ReactNode;
}) {
  const describedBy =
    [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="grid gap-3" aria-describedby={describedBy}>
      <legend className="mb-3 text-base font-medium">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="-mt-2 text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <div className="grid gap-2">{children}</div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function ChoiceOption({
  label,
  badge,
  className,
  ...input
}: {
  label: ReactNode;
  /** A mark after the label, such as "Default". */
  badge?: ReactNode;
} & ComponentProps<'input'>) {
  return (
    <label
      className={cn(
        'flex min-h-12 cursor-pointer items-center gap-3 rounded-md border border-input bg-card px-4 py-3 text-sm transition-colors hover:bg-muted has-[:checked]:border-accent has-[:checked]:bg-accent/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
        className,
      )}
    >
      <input
        className="size-4 shrink-0 accent-accent-strong focus-visible:outline-none"
        {...input}
      />
      <span className="flex-1">{label}</span>
      {badge ? (
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground">
          {badge}
        </span>
      ) : null}
    </label>
  );
}
