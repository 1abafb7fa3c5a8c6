import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminUser, AdminValuable } from '@secure-vault/shared/vault';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { BookBalanceTab } from './book-balance-tab';
import { ValuableForm } from './valuable-form';

beforeAll(() => loadCatalogs(['admin', 'vault']));
afterEach(() => vi.unstubAllGlobals());

const users: AdminUser[] = [
  {
    userId: '0b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10',
    email: 'amira@example.com',
    fullName: null,
    accountNumber: '1234567897',
    bookBalance: '0.00',
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  {
    userId: '6a8f3f8e-6f1c-4a53-9a43-7d1f1f2f4a11',
    email: 'omar@example.com',
    fullName: null,
    accountNumber: null,
    bookBalance: '150.00',
    createdAt: '2026-01-02T00:00:00.000Z',
  },
];

describe('ValuableForm', () => {
  it('keeps Add Valuable disabled until user, item name and item type are filled', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'POST /api/v1/admin/valuables': (_url, init) => ({
        status: 201,
        body: { ...JSON.parse(String(init.body)), id: crypto.randomUUID() },
      }),
    });
    const onDone = vi.fn();
    renderWithProviders(<ValuableForm users={users} editing={null} onDone={onDone} />);
    const submit = await screen.findByRole('button', { name: 'Add Valuable' });
    expect(submit).toBeDisabled();

    // Leaving the user empty says so.
    await user.click(screen.getByLabelText('User'));
    await user.tab();
    expect(await screen.findByText('Please select a user')).toBeVisible();

    await user.selectOptions(screen.getByLabelText('User'), 'omar@example.com');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Item name'), 'Rolex Daytona');
    expect(submit).toBeDisabled();
    // Ten custody types and cash (SPEC §3, DESIGN §2), after the prompt.
    expect(screen.getByLabelText('Item type').querySelectorAll('option')).toHaveLength(12);
    await user.selectOptions(screen.getByLabelText('Item type'), 'Jewelry');
    expect(submit).toBeEnabled();
    expect(screen.getByLabelText('Estimated value (USD)')).toHaveAttribute('step', '0.01');
    expect(screen.getByLabelText('Description')).toHaveAttribute('rows', '3');

    await user.click(submit);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      userId: users[1]?.userId,
      itemName: 'Rolex Daytona',
      itemType: 'jewelry',
      estimatedValue: null,
      description: null,
      storageLocation: null,
    });
  });

  it('refuses more than 2 decimals before asking the server', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({});
    renderWithProviders(<ValuableForm users={users} editing={null} onDone={() => {}} />);
    await user.selectOptions(await screen.findByLabelText('User'), 'amira@example.com');
    await user.type(screen.getByLabelText('Item name'), 'Gold bar');
    await user.selectOptions(screen.getByLabelText('Item type'), 'Precious Metals');
    await user.type(screen.getByLabelText('Estimated value (USD)'), '10.125');
    await user.click(screen.getByRole('button', { name: 'Add Valuable' }));
    expect(
      await screen.findByText('Enter an amount in dollars with at most 2 decimals.'),
    ).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses an item name with a text-direction override, naming the field, before asking the server', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({});
    renderWithProviders(<ValuableForm users={users} editing={null} onDone={() => {}} />);
    await user.selectOptions(await screen.findByLabelText('User'), 'amira@example.com');
    await user.type(screen.getByLabelText('Item name'), 'Ring \u202egnp.exe');
    await user.selectOptions(screen.getByLabelText('Item type'), 'Jewelry');
    await user.click(screen.getByRole('button', { name: 'Add Valuable' }));
    expect(
      await screen.findByText(
        'Remove the control or hidden formatting characters from this field (such as line breaks where one line is expected, or text-direction overrides).',
      ),
    ).toBeVisible();
    expect(screen.getByLabelText('Item name')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('edits a valuable without changing its owner', async () => {
    const user = userEvent.setup();
    const editing: AdminValuable = {
      id: '9d8f3f8e-6f1c-4a53-9a43-7d1f1f2f4a12',
      userId: users[0]!.userId,
      userEmail: users[0]!.email,
      itemName: 'Painting',
      itemType: 'artwork',
      estimatedValue: '1250.50000000',
      description: null,
      storageLocation: 'Vault B',
      assetSymbol: null,
      quantity: null,
      unit: null,
      status: 'active',
      dateStored: '2026-01-05T12:00:00.000Z',
      createdAt: '2026-01-05T12:00:00.000Z',
    };
    const fetchMock = stubApi({
      [`PATCH /api/v1/admin/valuables/${editing.id}`]: { status: 200, body: editing },
    });
    const onDone = vi.fn();
    renderWithProviders(<ValuableForm users={users} editing={editing} onDone={onDone} />);
    expect(await screen.findByLabelText('User')).toBeDisabled();
    expect(screen.getByLabelText('Estimated value (USD)')).toHaveValue(1250.5);
    await user.click(screen.getByRole('button', { name: 'Update Valuable' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      itemName: 'Painting',
      itemType: 'artwork',
      estimatedValue: '1250.50',
      description: null,
      storageLocation: 'Vault B',
    });
  });
});

describe('BookBalanceTab', () => {
  it('asks for a user and an amount, then sets the balance', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'GET /api/v1/admin/users': { status: 200, body: users },
      [`PUT /api/v1/admin/users/${users[0]!.userId}/book-balance`]: { status: 200, body: {} },
    });
    renderWithProviders(<BookBalanceTab />);
    const submit = await screen.findByRole('button', { name: 'Update Book Balance' });
    await user.click(submit);
    expect(await screen.findByText('Please select a user and enter an amount')).toBeVisible();
    expect(screen.getByText('Not assigned')).toBeVisible();

    await user.selectOptions(screen.getByLabelText('User'), 'amira@example.com');
    await user.type(screen.getByLabelText('Amount (USD)'), '2500.75');
    await user.click(submit);
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        `/api/v1/admin/users/${users[0]!.userId}/book-balance`,
        expect.objectContaining({
          method: 'PUT',
          body: JSON.stringify({ bookBalance: '2500.75' }),
        }),
      ),
    );
  });
});
