import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A grey placeholder block while data loads; hidden from assistive technology. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div aria-hidden className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />
  );
}
