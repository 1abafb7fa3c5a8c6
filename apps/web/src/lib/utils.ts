import { type ClassValue, clsx } from 'clsx';

/**
 * Joins class names. There is deliberately no tailwind-merge (it would add 9 KB gzip to every
 * page): components keep their own sizing classes and callers add layout classes only.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
