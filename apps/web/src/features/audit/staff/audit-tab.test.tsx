// The audit viewer: what each entry says, the query the filters and the pager build (and the CSV
// link with the same filters), a filter typed wrong, the empty and error states, in both
// languages.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { AuditEntry, AuditPage } from '@secure-vault/shared/audit';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { AuditTab } from './audit-tab';

const namespaces = ['admin'];
beforeAll(() => loadCatalogs(namespaces));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18next.changeLanguage('en');
});

const path = '/api/v1/admin/audit';
const firstPage = `GET ${path}?page=1&pageSize=50`;

const staff = { id: '5b1d0000-0000-4000-8000-000000000001', email: 'staff@example.com' };
const longEmail = `${'very-long-mailbox-name'.repeat(4)}@an-unusually-long-domain-name.example.com`;
const amira = { id: '5b1d0000-0000-4000-8000-000000000002', email: longEmail };

function entry(overrides: Partial<AuditEntry>): AuditEntry {
  return {
    id: '6a1d0000-0000-4000-8000-000000000000',
    at: '2026-03-02T09:30:00.000Z',
    action: 'admin.password_reset',
    actor: staff,
    customer: amira,
    ip: '203.0.113.7',
    details: {},
    ...overrides,
  };
}

const entries: AuditEntry[] = [
  entry({
    id: '6a1d0000-0000-4000-8000-000000000001',
    action: 'admin.valuable_edited',
    details: {
      valuableId: '7c1d0000-0000-4000-8000-000000000009',
      before: { itemName: 'Ring', estimatedValue: '10.00' },
      after: { itemName: '=HYPERLINK("x")', estimatedValue: '12.00' },
    },
  }),
  entry({
    id: '6a1d0000-0000-4000-8000-000000000002',
    action: 'auth.sign_in_failed',
    actor: null,
    ip: null,
    details: { email: longEmail, reason: 'password' },
  }),
  entry({ id: '6a1d0000-0000-4000-8000-000000000003', action: 'some.future_action' }),
];

function page(overrides: Partial<AuditPage> = {}): AuditPage {
  return { entries, total: entries.length, page: 1, pageSize: 50, ...overrides };
}

describe('AuditTab', () => {
  it('shows each entry: time, action, actor, customer, IP and the details in short', async () => {
    stubApi({ [firstPage]: { status: 200, body: page() } });
    renderWithProviders(<AuditTab />);
    expect(screen.getByTestId('audit-loading')).toHaveAttribute('aria-busy', 'true');
    const rows = within(await screen.findByTestId('audit-table')).getAllByTestId('audit-row');
    expect(rows).toHaveLength(3);
    expect(screen.getByTestId('audit-total')).toHaveTextContent('3 entries');

    const [edited, failed, unknown] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(edited).toHaveTextContent('Valuable edited');
    expect(edited).toHaveTextContent('staff@example.com');
    expect(edited).toHaveTextContent('203.0.113.7');
    expect(within(edited).getByRole('time')).toHaveAttribute(
      'datetime',
      '2026-03-02T09:30:00.000Z',
    );
    const details = within(edited).getByTestId('audit-details');
    expect(
      within(details)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'valuableId: 7c1d0000-0000-4000-8000-000000000009',
      'before.itemName: Ring',
      'before.estimatedValue: 10.00',
      'after.itemName: =HYPERLINK("x")',
      'after.estimatedValue: 12.00',
    ]);
    // A failed sign-in has no actor: the system recorded it. Long addresses wrap.
    expect(failed).toHaveTextContent('Sign-in failed');
    expect(failed).toHaveTextContent('System');
    const wrapped = within(failed).getAllByText(longEmail);
    expect(wrapped.length).toBeGreaterThan(0);
    for (const element of wrapped) expect(element).toHaveClass('wrap-anywhere');
    // An action this page does not know yet reads as recorded.
    expect(unknown).toHaveTextContent('some.future_action');

    // The phone layout has the same entries as cards.
    expect(within(screen.getByTestId('audit-cards')).getAllByTestId('audit-card')).toHaveLength(3);
    const csv = screen.getByRole('link', { name: 'Export CSV' });
    // Its action names in the page's language.
    expect(csv).toHaveAttribute('href', '/api/v1/admin/audit.csv?language=en');
    expect(csv).toHaveAttribute('download');
    // One page: no pager.
    expect(screen.queryByTestId('audit-pager')).not.toBeInTheDocument();
  });

  it('applies the filters to the list and to the CSV link, and resets them', async () => {
    const user = userEvent.setup();
    const filtered = `${path}?actor=staff%40example.com&action=admin.password_reset&from=2026-03-01&to=2026-03-31&page=1&pageSize=50`;
    const family = `${path}?customer=${amira.id}&action=auth.&page=1&pageSize=50`;
    const fetchMock = stubApi({
      [firstPage]: { status: 200, body: page() },
      [`GET ${filtered}`]: { status: 200, body: page({ entries: [entry({})], total: 1 }) },
      [`GET ${family}`]: { status: 200, body: page({ entries: [], total: 0 }) },
    });
    renderWithProviders(<AuditTab />);
    await screen.findByTestId('audit-table');

    await user.type(screen.getByLabelText('Actor'), '  Staff@Example.com ');
    await user.selectOptions(screen.getByLabelText('Action'), 'Password reset by staff');
    await user.type(screen.getByLabelText('From'), '2026-03-01');
    await user.type(screen.getByLabelText('To'), '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByTestId('audit-total')).toHaveTextContent('1 entry'));
    expect(fetchMock).toHaveBeenLastCalledWith(filtered, expect.anything());
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/v1/admin/audit.csv?actor=staff%40example.com&action=admin.password_reset&from=2026-03-01&to=2026-03-31&language=en',
    );

    // A family of actions; Enter in a field applies too.
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(screen.getByTestId('audit-total')).toHaveTextContent('3 entries'));
    expect(screen.getByLabelText('Actor')).toHaveValue('');
    await user.selectOptions(screen.getByLabelText('Action'), 'All: Sign-in and security');
    await user.type(screen.getByLabelText('Customer'), `${amira.id}{Enter}`);
    expect(await screen.findByTestId('audit-empty')).toHaveTextContent(
      'No audit entries match these filters',
    );
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `/api/v1/admin/audit.csv?customer=${amira.id}&action=auth.&language=en`,
    );
  });

  it('explains a filter typed wrong beside its field and asks nothing of the server', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ [firstPage]: { status: 200, body: page() } });
    renderWithProviders(<AuditTab />);
    await screen.findByTestId('audit-table');
    const actor = screen.getByLabelText('Actor');
    await user.type(actor, 'not an address');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(actor).toHaveAttribute('aria-invalid', 'true');
    expect(actor).toHaveAccessibleDescription(
      expect.stringContaining('Enter an exact email address or an account ID.'),
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Typing again clears the message.
    await user.type(actor, 'x');
    expect(actor).toHaveAttribute('aria-invalid', 'false');
  });

  it('pages through the log with Previous and Next', async () => {
    const user = userEvent.setup();
    stubApi({
      [firstPage]: { status: 200, body: page({ total: 120 }) },
      [`GET ${path}?page=2&pageSize=50`]: {
        status: 200,
        body: page({ total: 120, page: 2, entries: [entry({})] }),
      },
    });
    renderWithProviders(<AuditTab />);
    const pager = await screen.findByTestId('audit-pager');
    expect(pager).toHaveTextContent('Page 1 of 3');
    expect(screen.getByTestId('audit-total')).toHaveTextContent('120 entries');
    expect(within(pager).getByRole('button', { name: 'Previous' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('audit-pager')).toHaveTextContent('Page 2 of 3'));
    expect(within(screen.getByTestId('audit-table')).getAllByTestId('audit-row')).toHaveLength(1);
  });

  it('offers to try again when the log could not be loaded', async () => {
    const user = userEvent.setup();
    let calls = 0;
    stubApi({
      [firstPage]: () => {
        calls += 1;
        return calls === 1
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } }
          : { status: 200, body: page() };
      },
    });
    renderWithProviders(<AuditTab />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading the audit log');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('audit-table')).toBeInTheDocument();
  });

  it('says when the export holds only the newest rows', async () => {
    stubApi({ [firstPage]: { status: 200, body: page({ total: 12_345 }) } });
    renderWithProviders(<AuditTab />);
    expect(await screen.findByTestId('audit-export-capped')).toHaveTextContent(
      'The CSV export holds the newest 10,000 of these entries.',
    );
  });

  it('reads in Arabic', async () => {
    await i18next.changeLanguage('ar');
    await i18next.loadNamespaces(['common', ...namespaces]);
    stubApi({ [firstPage]: { status: 200, body: page() } });
    renderWithProviders(<AuditTab />);
    expect(await screen.findByRole('heading', { name: 'سجل التدقيق' })).toBeVisible();
    const rows = within(await screen.findByTestId('audit-table')).getAllByTestId('audit-row');
    expect(rows[0]).toHaveTextContent('تعديل مقتنى');
    expect(rows[1]).toHaveTextContent('محاولة دخول فاشلة');
    expect(rows[1]).toHaveTextContent('النظام');
    expect(screen.getByTestId('audit-total')).toHaveTextContent('3 سجلات');
    expect(screen.getByRole('link', { name: 'تصدير CSV' })).toHaveAttribute('download');
    expect(
      within(screen.getByLabelText('الإجراء'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toContain('الكل: الدخول والأمان');
    expect(screen.getByRole('button', { name: 'تطبيق' })).toBeVisible();
  });
});
