// Theme light, dark or system, stored under `theme` (default system). public/theme-init.js
// applies it before first paint; this module keeps it applied and lets the user change it.
import { useSyncExternalStore } from 'react';

export const themes = ['light', 'dark', 'system'] as const;
export type Theme = (typeof themes)[number];

const storageKey = 'theme';
const listeners = new Set<() => void>();
const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

function readTheme(): Theme {
  try {
    const value = localStorage.getItem(storageKey);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

let current: Theme = typeof window === 'undefined' ? 'system' : readTheme();

export function applyTheme(theme: Theme = current): void {
  const isDark = theme === 'dark' || (theme === 'system' && darkQuery().matches);
  const root = document.documentElement;
  root.classList.toggle('dark', isDark);
  root.style.colorScheme = isDark ? 'dark' : 'light';
}

export function setTheme(theme: Theme): void {
  current = theme;
  try {
    localStorage.setItem(storageKey, theme);
  } catch {
    // The choice lasts for this page only.
  }
  applyTheme(theme);
  listeners.forEach((notify) => notify());
}

export function watchSystemTheme(): () => void {
  const query = darkQuery();
  const onChange = () => {
    if (current === 'system') applyTheme('system');
  };
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    (notify) => {
      listeners.add(notify);
      return () => listeners.delete(notify);
    },
    () => current,
  );
}
