// Renders a component as the app would: i18n catalogs loaded, a fresh TanStack Query client, a
// memory router at the given address, and a Suspense boundary for lazy translations.
import { type ReactNode, Suspense } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, type InitialEntry } from 'react-router';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import { vi } from 'vitest';
import { initI18n } from '@/lib/i18n';

let isReady: Promise<void> | undefined;

/** Initialises i18next once and loads the given namespaces (English). */
export function loadCatalogs(namespaces: string[]): Promise<void> {
  isReady ??= new Promise<void>((resolve) => {
    if (i18next.isInitialized) resolve();
    else {
      i18next.on('initialized', () => resolve());
      initI18n();
    }
  });
  return isReady.then(() => i18next.loadNamespaces(['common', ...namespaces]));
}

export function renderWithProviders(ui: ReactNode, { route = '/' }: { route?: InitialEntry } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <Suspense fallback={null}>{ui}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

type Reply =
  | { status: number; body?: unknown }
  | ((url: string, init: RequestInit) => { status: number; body?: unknown });

/** Stubs fetch with answers per "METHOD /path"; unknown calls fail the test loudly. */
export function stubApi(routes: Record<string, Reply>) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    const route = routes[key];
    if (!route) throw new Error(`Unexpected request ${key}`);
    const { status, body } = typeof route === 'function' ? route(url, init) : route;
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
