import { cn } from '@/lib/utils';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2', className)}>
      <span
        aria-hidden
        className="size-5 animate-spin rounded-full border-2 border-current border-e-transparent"
      />
      {label ? <span>{label}</span> : null}
    </span>
  );
}
