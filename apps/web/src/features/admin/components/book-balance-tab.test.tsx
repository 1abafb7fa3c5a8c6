import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { users } from '../test-users';
import { BookBalanceTab } from './book-balance-tab';

beforeAll(() => loadCatalogs(['admin', 'vault']));
afterEach(() => vi.unstubAllGlobals());

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
    // Done: the amount empties for the next one, the user stays chosen.
    await waitFor(() => expect(screen.getByLabelText('Amount (USD)')).toHaveValue(null));
    expect(screen.getByLabelText('User')).toHaveValue(users[0]!.userId);
  });

  it('asks for the amount once a user is chosen, and refuses more than 2 decimals', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ 'GET /api/v1/admin/users': { status: 200, body: users } });
    renderWithProviders(<BookBalanceTab />);
    const submit = await screen.findByRole('button', { name: 'Update Book Balance' });
    await user.selectOptions(screen.getByLabelText('User'), 'omar@example.com');
    await user.click(submit);
    expect(await screen.findByText('Please select a user and enter an amount')).toBeVisible();
    expect(screen.getByLabelText('Amount (USD)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('User')).toHaveAttribute('aria-invalid', 'false');

    await user.type(screen.getByLabelText('Amount (USD)'), '10.125');
    await user.click(submit);
    expect(
      await screen.findByText('Enter an amount in dollars with at most 2 decimals.'),
    ).toBeVisible();
    expect(screen.getByLabelText('Amount (USD)')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("puts the server's issue on the amount", async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/v1/admin/users': { status: 200, body: users },
      [`PUT /api/v1/admin/users/${users[1]!.userId}/book-balance`]: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION',
            message: 'The request is not valid.',
            issues: [{ path: 'body.bookBalance', message: 'vault:errors.amountInvalid' }],
          },
        },
      },
    });
    renderWithProviders(<BookBalanceTab />);
    await user.selectOptions(await screen.findByLabelText('User'), 'omar@example.com');
    await user.type(screen.getByLabelText('Amount (USD)'), '99999999999.99');
    await user.click(screen.getByRole('button', { name: 'Update Book Balance' }));
    expect(
      await screen.findByText('Enter an amount in dollars with at most 2 decimals.'),
    ).toBeVisible();
    expect(screen.getByLabelText('Amount (USD)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Amount (USD)')).toHaveValue(99999999999.99);
  });

  it('offers to try again when the users could not be loaded', async () => {
    const user = userEvent.setup();
    let calls = 0;
    stubApi({
      'GET /api/v1/admin/users': () => {
        calls += 1;
        return calls === 1
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } }
          : { status: 200, body: users };
      },
    });
    renderWithProviders(<BookBalanceTab />);
    expect(await screen.findByText('Error loading users')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('book-balance-form')).toBeVisible();
  });
});
