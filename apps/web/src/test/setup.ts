import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';

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

/** Sonner takes a dismissed toast out 200 ms later, on a timer its unmount does not clear. */
const toastRemovalMs = 250;

afterEach(async () => {
  // A toast still showing is dismissed while its toaster is mounted, and its removal let run:
  // a removal timer left for after the file's teardown calls React with no window, an
  // unhandled error that fails the whole run.
  if (toast.getToasts().length > 0) {
    toast.dismiss();
    await new Promise((resolve) => setTimeout(resolve, toastRemovalMs));
  }
  cleanup();
  localStorage.clear();
});
