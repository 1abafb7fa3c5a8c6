import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { loadCatalogs } from '@/test/render';
import { LazyToaster } from '@/lib/toast';
import { promptUpdate } from './update-prompt';

beforeAll(() => loadCatalogs(['app']));
afterEach(() => vi.unstubAllGlobals());

/** The page's side of service workers: the controller changes when the waiting one takes over. */
function stubServiceWorkers() {
  const container = new EventTarget();
  vi.stubGlobal('navigator', { ...navigator, serviceWorker: container });
  const reload = vi.fn();
  vi.stubGlobal('location', { ...location, reload });
  return { container, reload };
}

describe('the update prompt', () => {
  // One test: the toaster mounts once per page, as in the app.
  it('says a new version is there, in English and Arabic; Reload hands over and reloads once', async () => {
    const { container, reload } = stubServiceWorkers();
    const waiting = { postMessage: vi.fn() };
    render(<LazyToaster />);
    // cast: the prompt only posts a message to the waiting worker.
    await promptUpdate(waiting as unknown as ServiceWorker);
    expect(await screen.findByText('A new version is available')).toBeInTheDocument();
    // A click without a pointer: sonner's swipe handling needs pointer capture, which jsdom lacks.
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'skip-waiting' });
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));

    await i18next.changeLanguage('ar');
    try {
      await promptUpdate(waiting as unknown as ServiceWorker);
      expect(await screen.findByText('يتوفر إصدار جديد')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'إعادة التحميل' })).toBeInTheDocument();
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
