// A tab converges on what the server holds even when it missed a realtime notice (no socket, or
// one that dropped): with the app's own client settings, coming back to the tab refetches what is
// on screen once it is no longer fresh, and a socket that reconnects refetches every pushed topic.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import * as vault from '@secure-vault/shared/vault/contracts';
import { stubApi } from '@/test/render';
import { useApiQuery } from './api-query';
import { createQueryClient } from './query-client';
import { useRealtime } from './realtime';

const summaryCall = 'GET /api/v1/me/summary';

function Dashboard({ identity }: { identity: string | null }) {
  useRealtime(identity);
  const summary = useApiQuery(vault.getSummary);
  return <output>{summary.isSuccess && !summary.isFetching ? 'shown' : 'loading'}</output>;
}

function showDashboard(identity: string | null = null) {
  const fetchMock = stubApi({ [summaryCall]: { status: 200, body: {} } });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Dashboard identity={identity} />
    </QueryClientProvider>,
  );
  const summaryFetches = () =>
    fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${url}` === summaryCall)
      .length;
  return { summaryFetches };
}

/** The summary has been fetched and shown, and nothing is being fetched. */
async function shown() {
  expect(await screen.findByText('shown')).toBeInTheDocument();
}

/** The user comes back to the tab. */
function returnToTab() {
  act(() => {
    window.dispatchEvent(new Event('visibilitychange'));
  });
}

/** Just enough of a WebSocket for useRealtime: the test opens and drops it. */
class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeSocket.all.push(this);
  }
  send() {}
  close() {}
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  FakeSocket.all = [];
});

describe('the app query client', () => {
  it('refetches the summary when the user returns to the tab after 30 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { summaryFetches } = showDashboard();
    await shown();
    expect(summaryFetches()).toBe(1);

    // Still fresh: returning to the tab at once asks nothing.
    returnToTab();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(summaryFetches()).toBe(1);

    vi.setSystemTime(Date.now() + 30_001);
    returnToTab();
    await vi.waitFor(() => expect(summaryFetches()).toBe(2));
  });

  it('refetches the summary when the realtime socket reconnects', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal('WebSocket', FakeSocket);
    const { summaryFetches } = showDashboard('user-1|');
    await shown();
    const first = FakeSocket.all[0]!;
    act(() => first.onopen?.());
    expect(summaryFetches()).toBe(1);

    // The connection drops, and notices sent meanwhile are lost; the next socket opens 1 s later.
    act(() => first.onclose?.({ code: 1006 }));
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    const second = FakeSocket.all[1]!;
    act(() => second.onopen?.());
    await vi.waitFor(() => expect(summaryFetches()).toBe(2));
  });
});
