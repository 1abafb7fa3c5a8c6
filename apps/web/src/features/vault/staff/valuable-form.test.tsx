import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { toast } from '@/lib/toast';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { adminValuable, users } from '@/test/staff-users';
import { alreadyWaiting, proposed } from '@/test/approvals-test-data';
import { ValuableForm } from './valuable-form';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

beforeAll(() => loadCatalogs(['admin', 'vault', 'auth']));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18next.changeLanguage('en');
});

/** What every proposed change says once sent. */
const sentForApproval = [
  'Sent for approval',
  { description: 'Another staff member must approve this change before it takes effect.' },
] as const;

describe('ValuableForm', () => {
  it('keeps Add Valuable disabled until user, item name and item type are filled, then proposes it', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'POST /api/v1/admin/valuables': proposed(),
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
    // Nothing is added yet: another staff member must approve the intake.
    expect(toast.success).toHaveBeenCalledWith(...sentForApproval);
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(new Headers(init.headers).get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(init.body as string)).toEqual({
      userId: users[1]?.userId,
      itemName: 'Rolex Daytona',
      itemType: 'jewelry',
      estimatedValue: null,
      bookBalance: null,
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

  it("puts the server's cash rule on the estimated value and keeps the entry", async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'POST /api/v1/admin/valuables': {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION',
            message: 'The request is not valid.',
            issues: [{ path: 'body.estimatedValue', message: 'vault:errors.cashAmountPositive' }],
          },
        },
      },
    });
    const onDone = vi.fn();
    renderWithProviders(<ValuableForm users={users} editing={null} onDone={onDone} />);
    await user.selectOptions(await screen.findByLabelText('User'), 'amira@example.com');
    await user.type(screen.getByLabelText('Item name'), 'Deposit');
    await user.selectOptions(screen.getByLabelText('Item type'), 'Cash');
    expect(
      screen.getByText("Once approved, the cash is added to the customer's cash balance."),
    ).toBeVisible();
    await user.type(screen.getByLabelText('Estimated value (USD)'), '0');
    await user.click(screen.getByRole('button', { name: 'Add Valuable' }));

    expect(await screen.findByText('Cash added must be an amount above zero.')).toBeVisible();
    const amount = screen.getByLabelText('Estimated value (USD)');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveFocus();
    expect(screen.getByLabelText('Item name')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByLabelText('Item name')).toHaveValue('Deposit');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('empties the form after adding, ready for the next entry', async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /api/v1/admin/valuables': proposed(),
    });
    const onDone = vi.fn();
    renderWithProviders(<ValuableForm users={users} editing={null} onDone={onDone} />);
    await user.selectOptions(await screen.findByLabelText('User'), 'amira@example.com');
    await user.type(screen.getByLabelText('Item name'), 'Gold bar');
    await user.selectOptions(screen.getByLabelText('Item type'), 'Precious Metals');
    await user.type(screen.getByLabelText('Estimated value (USD)'), '1500');
    await user.click(screen.getByRole('button', { name: 'Add Valuable' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(screen.getByLabelText('User')).toHaveValue('');
    expect(screen.getByLabelText('User')).toHaveFocus();
    expect(screen.getByLabelText('Item name')).toHaveValue('');
    expect(screen.getByLabelText('Item type')).toHaveValue('');
    expect(screen.getByLabelText('Estimated value (USD)')).toHaveValue(null);
    expect(screen.getByRole('button', { name: 'Add Valuable' })).toBeDisabled();
  });

  it('edits a valuable without changing its owner', async () => {
    const user = userEvent.setup();
    const editing = adminValuable({
      id: '9d8f3f8e-6f1c-4a53-9a43-7d1f1f2f4a12',
      itemName: 'Painting',
      itemType: 'artwork',
      estimatedValue: '1250.50000000',
      storageLocation: 'Vault B',
    });
    const fetchMock = stubApi({
      [`PATCH /api/v1/admin/valuables/${editing.id}`]: proposed({
        kind: 'valuable_edit',
        itemName: 'Painting',
        itemType: 'artwork',
        amount: '0.00',
        valueBefore: '1250.50',
        valueAfter: '1250.50',
      }),
    });
    const onDone = vi.fn();
    renderWithProviders(<ValuableForm users={users} editing={editing} onDone={onDone} />);
    expect(await screen.findByLabelText('User')).toBeDisabled();
    expect(screen.getByLabelText('User')).toHaveValue(users[0]!.userId);
    // Edit was chosen in the list: the keyboard is taken to the form.
    expect(screen.getByLabelText('Item name')).toHaveFocus();
    expect(screen.getByLabelText('Estimated value (USD)')).toHaveValue(1250.5);
    await user.click(screen.getByRole('button', { name: 'Update Valuable' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(toast.success).toHaveBeenCalledWith(...sentForApproval);
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({
      itemName: 'Painting',
      itemType: 'artwork',
      estimatedValue: '1250.50',
      bookBalance: null,
      description: null,
      storageLocation: 'Vault B',
    });
  });

  it("sets the cash balance of the cash position, its type fixed, and shows the server's rule", async () => {
    const user = userEvent.setup();
    const cash = adminValuable({
      id: '3c8f3f8e-6f1c-4a53-9a43-7d1f1f2f4a13',
      userId: users[1]!.userId,
      itemName: 'Cash',
      itemType: 'cash',
      estimatedValue: '40.00000000',
      assetSymbol: 'USD',
      quantity: '40.00000000',
    });
    const fetchMock = stubApi({
      [`PATCH /api/v1/admin/valuables/${cash.id}`]: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION',
            message: 'The request is not valid.',
            issues: [{ path: 'body.estimatedValue', message: 'vault:errors.cashAmountRequired' }],
          },
        },
      },
    });
    renderWithProviders(<ValuableForm users={users} editing={cash} onDone={() => {}} />);
    expect(await screen.findByLabelText('Item type')).toBeDisabled();
    expect(screen.getByLabelText('Item type')).toHaveValue('cash');
    expect(
      screen.getByText("Once approved, the amount becomes the customer's cash balance."),
    ).toBeVisible();
    await user.clear(screen.getByLabelText('Estimated value (USD)'));
    await user.click(screen.getByRole('button', { name: 'Update Valuable' }));

    expect(await screen.findByText('Enter the cash balance.')).toBeVisible();
    expect(screen.getByLabelText('Estimated value (USD)')).toHaveAttribute('aria-invalid', 'true');
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({
      itemName: 'Cash',
      itemType: 'cash',
      estimatedValue: null,
      bookBalance: null,
      description: null,
      storageLocation: null,
    });
  });

  it('says when a change to the valuable already waits for approval, and keeps the entry', async () => {
    const user = userEvent.setup();
    const editing = adminValuable({
      id: '9d8f3f8e-6f1c-4a53-9a43-7d1f1f2f4a14',
      itemName: 'Painting',
      itemType: 'artwork',
      estimatedValue: '900.00000000',
    });
    stubApi({ [`PATCH /api/v1/admin/valuables/${editing.id}`]: alreadyWaiting });
    const onDone = vi.fn();
    renderWithProviders(<ValuableForm users={users} editing={editing} onDone={onDone} />);
    await user.clear(await screen.findByLabelText('Estimated value (USD)'));
    await user.type(screen.getByLabelText('Estimated value (USD)'), '1000');
    await user.click(screen.getByRole('button', { name: 'Update Valuable' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Already waiting for approval', {
        description:
          'A change to this item or request is already waiting for another staff member, or it was decided meanwhile. Decide or withdraw the waiting one in Approvals first.',
      }),
    );
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Estimated value (USD)')).toHaveValue(1000);
  });

  describe('book balance', () => {
    /** The add form filled with a valuable for Amira, ready to send. */
    async function fillValuable(user: ReturnType<typeof userEvent.setup>) {
      await user.selectOptions(await screen.findByLabelText('User'), 'amira@example.com');
      await user.type(screen.getByLabelText('Item name'), 'Gold bar');
      await user.selectOptions(screen.getByLabelText('Item type'), 'precious_metals');
    }

    it('is an optional amount in cents beside the value, proposed with the valuable', async () => {
      const user = userEvent.setup();
      const fetchMock = stubApi({ 'POST /api/v1/admin/valuables': proposed() });
      const onDone = vi.fn();
      renderWithProviders(<ValuableForm users={users} editing={null} onDone={onDone} />);
      await fillValuable(user);
      const field = screen.getByLabelText('Book balance (USD)');
      expect(field).toHaveAttribute('step', '0.01');
      expect(field).toHaveAttribute('dir', 'ltr');
      expect(field).toHaveAccessibleDescription(
        'Optional. Proposed for this customer beside the valuable: another staff member approves or rejects it on its own in Approvals, and it replaces any book balance already waiting there.',
      );
      await user.type(screen.getByLabelText('Estimated value (USD)'), '1500');
      await user.type(field, '2500.5');
      await user.click(screen.getByRole('button', { name: 'Add Valuable' }));

      await waitFor(() => expect(onDone).toHaveBeenCalled());
      expect(toast.success).toHaveBeenCalledWith('Sent for approval', {
        description:
          'The valuable and the book balance are two changes: another staff member approves or rejects each in Approvals before it takes effect.',
      });
      const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
      expect(JSON.parse(init.body as string)).toMatchObject({
        userId: users[0]?.userId,
        estimatedValue: '1500',
        bookBalance: '2500.5',
      });
      // Emptied with the rest for the next entry.
      expect(screen.getByLabelText('Book balance (USD)')).toHaveValue(null);
    });

    it('is sent with an edit for the owner', async () => {
      const user = userEvent.setup();
      const editing = adminValuable({
        id: '9d8f3f8e-6f1c-4a53-9a43-7d1f1f2f4a15',
        itemName: 'Painting',
        itemType: 'artwork',
        estimatedValue: '900.00000000',
      });
      const fetchMock = stubApi({
        [`PATCH /api/v1/admin/valuables/${editing.id}`]: proposed({ kind: 'valuable_edit' }),
      });
      renderWithProviders(<ValuableForm users={users} editing={editing} onDone={() => {}} />);
      // A valuable holds no book balance: the field starts empty.
      expect(await screen.findByLabelText('Book balance (USD)')).toHaveValue(null);
      await user.type(screen.getByLabelText('Book balance (USD)'), '40');
      await user.click(screen.getByRole('button', { name: 'Update Valuable' }));
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
      expect(JSON.parse(init.body as string)).toMatchObject({ bookBalance: '40' });
    });

    it.each(['-5', '10.125', '0'])(
      'refuses %s under the field before asking the server',
      async (typed) => {
        const user = userEvent.setup();
        const fetchMock = stubApi({});
        renderWithProviders(<ValuableForm users={users} editing={null} onDone={() => {}} />);
        await fillValuable(user);
        const field = screen.getByLabelText('Book balance (USD)');
        await user.type(field, typed);
        await user.click(screen.getByRole('button', { name: 'Add Valuable' }));

        const error = 'Enter a book balance above zero, in dollars with at most 2 decimals.';
        expect(await screen.findByText(error)).toBeVisible();
        expect(field).toHaveAttribute('aria-invalid', 'true');
        expect(field).toHaveAccessibleDescription(expect.stringContaining(error));
        expect(screen.getByLabelText('Estimated value (USD)')).toHaveAttribute(
          'aria-invalid',
          'false',
        );
        expect(fetchMock).not.toHaveBeenCalled();
      },
    );

    it("puts the server's refusal of the book balance on its field", async () => {
      const user = userEvent.setup();
      stubApi({
        'POST /api/v1/admin/valuables': {
          status: 400,
          body: {
            error: {
              code: 'VALIDATION',
              message: 'The request is not valid.',
              issues: [
                { path: 'body.bookBalance', message: 'admin:valuables.errors.bookBalanceInvalid' },
              ],
            },
          },
        },
      });
      const onDone = vi.fn();
      renderWithProviders(<ValuableForm users={users} editing={null} onDone={onDone} />);
      await fillValuable(user);
      await user.type(screen.getByLabelText('Book balance (USD)'), '12');
      await user.click(screen.getByRole('button', { name: 'Add Valuable' }));
      expect(
        await screen.findByText(
          'Enter a book balance above zero, in dollars with at most 2 decimals.',
        ),
      ).toBeVisible();
      expect(screen.getByLabelText('Book balance (USD)')).toHaveAttribute('aria-invalid', 'true');
      expect(onDone).not.toHaveBeenCalled();
    });

    it('reads in Arabic, the amount typed left to right and its error under it', async () => {
      const user = userEvent.setup();
      await i18next.changeLanguage('ar');
      await loadCatalogs(['admin', 'vault', 'auth']);
      const fetchMock = stubApi({});
      renderWithProviders(<ValuableForm users={users} editing={null} onDone={() => {}} />);
      await user.selectOptions(await screen.findByLabelText('المستخدم'), 'amira@example.com');
      await user.type(screen.getByLabelText('اسم العنصر'), 'سبيكة ذهب');
      await user.selectOptions(screen.getByLabelText('نوع العنصر'), 'precious_metals');
      const field = screen.getByLabelText('الرصيد الدفتري (بالدولار الأمريكي)');
      expect(field).toHaveAttribute('dir', 'ltr');
      expect(field).toHaveAccessibleDescription(expect.stringMatching(/^اختياري\./));
      await user.type(field, '-1');
      await user.click(screen.getByRole('button', { name: 'إضافة المقتنى' }));
      const error = 'أدخل رصيدًا دفتريًا أكبر من صفر، بالدولار وبخانتين عشريتين على الأكثر.';
      expect(await screen.findByText(error)).toBeVisible();
      expect(field).toHaveAccessibleDescription(expect.stringContaining(error));
      expect(fetchMock).not.toHaveBeenCalled();
    });
  });
});
