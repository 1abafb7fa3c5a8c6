import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { SessionsCard } from './sessions-card';

beforeAll(() => loadCatalogs(['settings', 'auth']));
afterEach(() => vi.unstubAllGlobals());

const current = {
  id: '0b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10',
  createdAt: '2031-05-01T10:00:00.000Z',
  lastSeenAt: '2031-05-02T10:00:00.000Z',
  userAgent: null,
  isCurrent: true,
  isImpersonation: false,
};
const other = { ...current, id: '1b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10', isCurrent: false };

describe('SessionsCard', () => {
  it('says when the sessions did not load, and tries again', async () => {
    const user = userEvent.setup();
    let isDown = true;
    stubApi({
      'GET /api/v1/auth/sessions': () =>
        isDown
          ? { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'Try again' } } }
          : { status: 200, body: [current] },
    });
    renderWithProviders(<SessionsCard canManage />);
    expect(await screen.findByText('Could not load your sessions.')).toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('session-item')).toHaveLength(1);
  });

  it('ends another session and lists the sessions again', async () => {
    const user = userEvent.setup();
    let sessions = [current, other];
    stubApi({
      'GET /api/v1/auth/sessions': () => ({ status: 200, body: sessions }),
      [`DELETE /api/v1/auth/sessions/${other.id}`]: () => {
        sessions = [current];
        return { status: 204 };
      },
    });
    renderWithProviders(<SessionsCard canManage />);
    expect(await screen.findAllByTestId('session-item')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: /^End Session: / }));
    await waitFor(() => expect(screen.getAllByTestId('session-item')).toHaveLength(1));
  });
});
