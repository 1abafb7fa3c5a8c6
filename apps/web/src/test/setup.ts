import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy… waits for what a user would see. The default second is too short when the machine is
// busy (CI on 2 cores runs server and web suites at once); waiting longer only slows a test that
// is failing anyway. These tests assert what appears, never how fast.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no matchMedia; the theme code asks it whether the system prefers dark.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});
