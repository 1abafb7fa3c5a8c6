import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { PasskeysCard } from './passkeys-card';

beforeAll(() => loadCatalogs(['settings', 'auth']));
afterEach(() => vi.unstubAllGlobals());

const laptop = {
  id: '0b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10',
  name: 'Work laptop',
  createdAt: '2031-05-01T10:00:00.000Z',
  lastUsedAt: null,
  isBackedUp: false,
};
const phone = {
  ...laptop,
  id: '1b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10',
  name: 'Phone',
  lastUsedAt: '2031-05-02T10:00:00.000Z',
  isBackedUp: true,
};

describe('PasskeysCard', () => {
  it('lists each passkey with when it was added and last used, and which are synced', async () => {
    stubApi({ 'GET /api/v1/me/passkeys': () => ({ status: 200, body: [laptop, phone] }) });
    renderWithProviders(<PasskeysCard />);
    const [first, second] = await screen.findAllByTestId('passkey-item');
    expect(first).toHaveTextContent('Work laptop');
    expect(first).toHaveTextContent('Not used yet');
    expect(within(first as HTMLElement).queryByText('Synced')).toBeNull();
    expect(second).toHaveTextContent('Phone');
    expect(second).toHaveTextContent(/Last used/);
    expect(within(second as HTMLElement).getByText('Synced')).toBeInTheDocument();
  });

  it('says there are none, and that this browser cannot make one', async () => {
    stubApi({ 'GET /api/v1/me/passkeys': () => ({ status: 200, body: [] }) });
    renderWithProviders(<PasskeysCard />);
    expect(await screen.findByText('You have no passkeys yet.')).toBeInTheDocument();
    // jsdom has no WebAuthn: the form to add one is not offered.
    expect(screen.getByText(/This browser cannot use passkeys/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a Passkey' })).toBeNull();
  });

  it('removes one after asking, and lists them again', async () => {
    const user = userEvent.setup();
    let passkeys = [laptop, phone];
    const removed: string[] = [];
    stubApi({
      'GET /api/v1/me/passkeys': () => ({ status: 200, body: passkeys }),
      [`DELETE /api/v1/me/passkeys/${laptop.id}`]: () => {
        removed.push(laptop.id);
        passkeys = [phone];
        return { status: 204 };
      },
    });
    renderWithProviders(<PasskeysCard />);
    await user.click(await screen.findByRole('button', { name: 'Remove the passkey Work laptop' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('“Work laptop” will no longer sign you in.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getAllByTestId('passkey-item')).toHaveLength(1));
    expect(removed).toEqual([laptop.id]);
    expect(screen.getByTestId('passkey-item')).toHaveTextContent('Phone');
  });
});
