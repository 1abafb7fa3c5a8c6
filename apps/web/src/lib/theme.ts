// Theme light, dark or system, stored under `theme` (default system), for React: the current
// choice as a hook, and the setter every theme switch calls. Storage and the <html> class live
// in lib/preferences.ts, which the prerendered home page shares.
import { useSyncExternalStore } from 'react';
import {
  storedTheme,
  storeTheme,
  type Theme,
  watchSystemTheme as watchSystem,
} from './preferences';

export { themes, type Theme } from './preferences';

const listeners = new Set<() => void>();
let current: Theme = typeof window === 'undefined' ? 'system' : storedTheme();

export function setTheme(theme: Theme): void {
  current = theme;
  storeTheme(theme);
  listeners.forEach((notify) => notify());
}

export function watchSystemTheme(): () => void {
  return watchSystem(() => current);
}

const snapshot = () => current;

export function useTheme(): Theme {
  return useSyncExternalStore(
    (notify) => {
      listeners.add(notify);
      return () => listeners.delete(notify);
    },
    snapshot,
    snapshot,
  );
}
