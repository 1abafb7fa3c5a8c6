// Valuables Management's list: deleting a valuable proposes its removal (sent with an
// Idempotency-Key); it stays listed until another staff member approves it.
import { createRef } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@/lib/toast';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { adminValuable } from '@/test/staff-users';
import { alreadyWaiting, proposed } from '@/test/approvals-test-data';
import { ValuablesList } from './valuables-list';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

beforeAll(() => loadCatalogs(['admin', 'vault', 'catalogue', 'auth']));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const ring = adminValuable({
  id: '9d8f3f8e-6f1c-4a53-9a43-7d1f1f2f4a15',
  itemName: 'Silver ring',
  itemType: 'jewelry',
  estimatedValue: '200.00000000',
});
const deletePath = `/api/v1/admin/valuables/${ring.id}`;

function renderList() {
  renderWithProviders(
    <ValuablesList valuables={[ring]} editingId={null} onEdit={() => {}} listRef={createRef()} />,
  );
}

describe('ValuablesList', () => {
  it('proposes a removal after a confirmation that says it waits for approval', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      [`DELETE ${deletePath}`]: proposed({
        kind: 'valuable_delete',
        amount: '-200.00',
        itemName: 'Silver ring',
        itemType: 'jewelry',
        valueBefore: '200.00',
        valueAfter: null,
      }),
    });
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Delete Silver ring' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this valuable?' });
    expect(dialog).toHaveTextContent(
      '\u2068Silver ring\u2069 will be removed from the vault of \u2068amira@example.com\u2069 once another staff member approves it. Until then nothing changes.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Sent for approval', {
        description: 'Another staff member must approve this change before it takes effect.',
      }),
    );
    const [call] = fetchMock.mock.calls.filter(([url]) => url === deletePath);
    expect(new Headers(call![1]?.headers).get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    // Still there until approved.
    expect(screen.getByTestId('admin-valuable')).toHaveTextContent('Silver ring');
  });

  it('says when its removal already waits for approval', async () => {
    const user = userEvent.setup();
    stubApi({ [`DELETE ${deletePath}`]: alreadyWaiting });
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Delete Silver ring' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Already waiting for approval', expect.anything()),
    );
    expect(toast.success).not.toHaveBeenCalled();
  });
});
