import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { KycListItem, KycReview } from '@secure-vault/shared/kyc';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { KycTab } from './kyc-tab';

beforeAll(() => loadCatalogs(['admin', 'kyc']));
afterEach(() => vi.unstubAllGlobals());

const amira = '0b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10';
const omar = '6a8f3f8e-6f1c-4a53-9a43-7d1f1f2f4a11';
const frontId = '1c2d3e4f-0000-4000-8000-000000000001';
const backId = '1c2d3e4f-0000-4000-8000-000000000002';

const items: KycListItem[] = [
  {
    userId: amira,
    email: 'amira@example.com',
    fullName: null,
    status: 'submitted',
    kycCompleted: false,
    submittedAt: '2026-02-03T10:00:00.000Z',
    createdAt: '2026-01-02T00:00:00.000Z',
  },
  {
    userId: omar,
    email: 'omar@example.com',
    fullName: 'Omar Said',
    status: 'approved',
    kycCompleted: true,
    submittedAt: '2026-01-20T10:00:00.000Z',
    createdAt: '2026-01-01T00:00:00.000Z',
  },
];

function review(overrides: Partial<KycReview> = {}): KycReview {
  return {
    userId: amira,
    email: 'amira@example.com',
    accountNumber: '1234567897',
    status: 'submitted',
    step: 16,
    data: {
      firstName: 'Amira',
      surname: 'Haddad',
      email: 'amira@example.com',
      dateOfBirth: '02/04/1985',
      street: '12 Palm Street',
      city: 'Dubai',
      postcode: '00000',
      countryCode: '+971',
      phoneNumber: '501234567',
      experience: 'less-than-2',
      employment: 'employed',
      industry: 'financial-services',
      income: '100000-199999',
      wealth: '500000-999999',
      incomeOrigin: ['employment', 'savings'],
      currency: 'EUR',
      documentCountry: 'AE',
      documentType: 'id-card',
      termsAccepted: true,
    },
    verifiedPhone: '+971501234567',
    documents: [
      {
        id: backId,
        side: 'back',
        name: 'id-back.pdf',
        size: 524288,
        type: 'application/pdf',
        uploadedAt: '2026-02-03T09:00:00.000Z',
      },
      {
        id: frontId,
        side: 'front',
        name: 'id-front.png',
        size: 1572864,
        type: 'image/png',
        uploadedAt: '2026-02-03T09:00:00.000Z',
      },
    ],
    rejectionReason: null,
    submittedAt: '2026-02-03T10:00:00.000Z',
    decidedAt: null,
    ...overrides,
  };
}

const listUrl = 'GET /api/v1/admin/kyc';
const reviewUrl = `GET /api/v1/admin/kyc/${amira}`;
const decisionUrl = `POST /api/v1/admin/kyc/${amira}/decision`;

async function openReview(user: ReturnType<typeof userEvent.setup>) {
  const table = await screen.findByTestId('kyc-table');
  const row = within(table).getAllByTestId('kyc-row')[0]!;
  await user.click(within(row).getByRole('button', { name: /Review/ }));
  return screen.findByRole('dialog', { name: 'Identity verification' });
}

function decisionCalls(fetchMock: ReturnType<typeof stubApi>) {
  return fetchMock.mock.calls.filter(([url]) => url === `/api/v1/admin/kyc/${amira}/decision`);
}

describe('KycTab', () => {
  it('lists verifications with their status, as a table and as cards', async () => {
    stubApi({ [listUrl]: { status: 200, body: items } });
    renderWithProviders(<KycTab />);
    const table = await screen.findByTestId('kyc-table');
    const rows = within(table).getAllByTestId('kyc-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('amira@example.com');
    expect(rows[0]).toHaveTextContent('Under review');
    expect(rows[0]).toHaveTextContent('Not provided');
    expect(rows[1]).toHaveTextContent('Omar Said');
    expect(within(rows[1]!).getByTestId('kyc-status-badge')).toHaveTextContent('Approved');
    const cards = within(screen.getByTestId('kyc-cards')).getAllByTestId('kyc-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('button', { name: /Review/ })).toBeVisible();
  });

  it('tells "Under review" from "Not started" by colour as well as by word', async () => {
    const notStarted: KycListItem = {
      ...items[1]!,
      userId: '7b8f3f8e-6f1c-4a53-9a43-7d1f1f2f4a12',
      email: 'new@example.com',
      status: 'not_started',
      kycCompleted: false,
      submittedAt: null,
    };
    stubApi({ [listUrl]: { status: 200, body: [items[0], notStarted] } });
    renderWithProviders(<KycTab />);
    const rows = within(await screen.findByTestId('kyc-table')).getAllByTestId('kyc-row');
    const underReview = within(rows[0]!).getByTestId('kyc-status-badge');
    const notBegun = within(rows[1]!).getByTestId('kyc-status-badge');
    expect(underReview).toHaveTextContent('Under review');
    expect(notBegun).toHaveTextContent('Not started');
    // Two named tones of one palette (components/ui/status-badge), not two shades of grey.
    expect(notBegun).toHaveAttribute('data-tone', 'grey');
    expect(underReview).toHaveAttribute('data-tone', 'blue');
  });

  it('counts the customers, and reloads them on Refresh', async () => {
    const user = userEvent.setup();
    let calls = 0;
    stubApi({
      [listUrl]: () => {
        calls += 1;
        return { status: 200, body: calls === 1 ? items : [items[0]] };
      },
    });
    renderWithProviders(<KycTab />);
    expect(screen.getByTestId('kyc-loading')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByTestId('kyc-total')).toHaveTextContent('2 customers');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getByTestId('kyc-total')).toHaveTextContent('1 customer'));
    expect(calls).toBe(2);
  });

  it('filters by status and searches by email once typing pauses', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      [listUrl]: { status: 200, body: items },
      [`${listUrl}?status=submitted`]: { status: 200, body: [items[0]] },
      [`${listUrl}?status=submitted&search=nobody`]: { status: 200, body: [] },
    });
    renderWithProviders(<KycTab />);
    await screen.findByTestId('kyc-table');

    await user.selectOptions(screen.getByLabelText('Status'), 'Under review');
    await waitFor(() =>
      expect(within(screen.getByTestId('kyc-table')).getAllByTestId('kyc-row')).toHaveLength(1),
    );

    await user.type(screen.getByLabelText('Search by email'), 'nobody');
    expect(await screen.findByTestId('kyc-empty')).toHaveTextContent(
      'No verifications match this filter',
    );
    // One search for the whole word, not one per letter.
    const searches = fetchMock.mock.calls.filter(([url]) => url.includes('search='));
    expect(searches).toHaveLength(1);
  });

  it('shows every answer with its label, the phone check and the documents', async () => {
    const user = userEvent.setup();
    stubApi({
      [listUrl]: { status: 200, body: items },
      [reviewUrl]: { status: 200, body: review() },
    });
    renderWithProviders(<KycTab />);
    const dialog = await openReview(user);

    const answers = await within(dialog).findByTestId('kyc-answers');
    expect(within(answers).getByRole('heading', { name: 'Personal details' })).toBeVisible();
    expect(within(answers).getByTestId('kyc-answer-firstName')).toHaveTextContent('Amira');
    expect(within(answers).getByTestId('kyc-answer-middleName')).toHaveTextContent('Not provided');
    expect(within(answers).getByTestId('kyc-answer-dateOfBirth')).toHaveTextContent('02/04/1985');
    expect(within(answers).getByTestId('kyc-answer-phoneNumber')).toHaveTextContent(
      '+971 501234567',
    );
    expect(within(answers).getByTestId('kyc-phone-verified')).toHaveTextContent('Verified');
    expect(within(answers).getByTestId('kyc-answer-experience')).toHaveTextContent(
      'Less than 2 years',
    );
    expect(within(answers).getByTestId('kyc-answer-industry')).toHaveTextContent(
      'Financial services',
    );
    expect(within(answers).getByTestId('kyc-answer-incomeOrigin')).toHaveTextContent(
      'Employment and Savings',
    );
    expect(within(answers).getByTestId('kyc-answer-currency')).toHaveTextContent('Euro (EUR)');
    expect(within(answers).getByTestId('kyc-answer-documentCountry')).toHaveTextContent(
      'United Arab Emirates (AE)',
    );
    expect(within(answers).getByTestId('kyc-answer-documentType')).toHaveTextContent('ID card');

    const documents = within(dialog).getAllByTestId('kyc-document');
    expect(documents[0]).toHaveTextContent('Front side');
    expect(documents[0]).toHaveTextContent('1.5 MB');
    expect(
      within(documents[0]!).getByRole('img', { name: 'Front side: id-front.png' }),
    ).toHaveAttribute('src', `/api/v1/admin/kyc/${amira}/documents/${frontId}`);
    expect(documents[1]).toHaveTextContent('Back side');
    expect(documents[1]).toHaveTextContent('512 KB');
    expect(within(documents[1]!).queryByRole('img')).not.toBeInTheDocument();
    const pdf = within(documents[1]!).getByRole('link', { name: /Open PDF/ });
    expect(pdf).toHaveAttribute('href', `/api/v1/admin/kyc/${amira}/documents/${backId}`);
    expect(pdf).toHaveAttribute('target', '_blank');
    expect(pdf).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('approves after a confirmation and refreshes the review and the list', async () => {
    const user = userEvent.setup();
    let decided = false;
    let listCalls = 0;
    const fetchMock = stubApi({
      [listUrl]: () => {
        listCalls += 1;
        return { status: 200, body: items };
      },
      [reviewUrl]: () => ({
        status: 200,
        body: review(decided ? { status: 'approved', decidedAt: '2026-02-04T10:00:00.000Z' } : {}),
      }),
      [decisionUrl]: () => {
        decided = true;
        return { status: 200, body: review({ status: 'approved' }) };
      },
    });
    renderWithProviders(<KycTab />);
    const dialog = await openReview(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Approve this verification?' });
    expect(confirm).toHaveTextContent('amira@example.com');
    await user.click(within(confirm).getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(decisionCalls(fetchMock)).toHaveLength(1));
    expect(decisionCalls(fetchMock)[0]![1]).toMatchObject({
      method: 'POST',
      body: JSON.stringify({ decision: 'approve' }),
    });
    expect(await within(dialog).findByTestId('kyc-no-decision')).toHaveTextContent(
      'This verification is approved.',
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(listCalls).toBe(2);
  });

  it('asks for a reason before rejecting, and sends it', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      [listUrl]: { status: 200, body: items },
      [reviewUrl]: { status: 200, body: review() },
      [decisionUrl]: { status: 200, body: review({ status: 'rejected' }) },
    });
    renderWithProviders(<KycTab />);
    const dialog = await openReview(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Reject' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Reject this verification?' });
    const reason = within(confirm).getByLabelText('Reason');
    expect(reason).toHaveFocus();

    await user.click(within(confirm).getByRole('button', { name: 'Reject' }));
    expect(await within(confirm).findByText('Please give a reason')).toBeVisible();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(decisionCalls(fetchMock)).toHaveLength(0);

    await user.type(reason, '  The photo is blurred  ');
    await user.click(within(confirm).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(decisionCalls(fetchMock)).toHaveLength(1));
    expect(decisionCalls(fetchMock)[0]![1]).toMatchObject({
      body: JSON.stringify({ decision: 'reject', reason: 'The photo is blurred' }),
    });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it("puts the server's issue on the reason", async () => {
    const user = userEvent.setup();
    stubApi({
      [listUrl]: { status: 200, body: items },
      [reviewUrl]: { status: 200, body: review() },
      [decisionUrl]: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION',
            message: 'The request is not valid.',
            issues: [{ path: 'body.reason', message: 'kyc:errors.tooLong' }],
          },
        },
      },
    });
    renderWithProviders(<KycTab />);
    const dialog = await openReview(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Reject' }));
    const confirm = await screen.findByRole('alertdialog');
    const reason = within(confirm).getByLabelText('Reason');
    await user.type(reason, 'Too long for the server');
    await user.click(within(confirm).getByRole('button', { name: 'Reject' }));
    expect(await within(confirm).findByText('This is too long.')).toBeVisible();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveValue('Too long for the server');
  });

  it('shows a rejected verification with its reason and no decision to make', async () => {
    const user = userEvent.setup();
    stubApi({
      [listUrl]: { status: 200, body: items },
      [reviewUrl]: {
        status: 200,
        body: review({ status: 'rejected', rejectionReason: 'The photo is blurred' }),
      },
    });
    renderWithProviders(<KycTab />);
    const dialog = await openReview(user);
    expect(await within(dialog).findByTestId('kyc-rejection-reason')).toHaveTextContent(
      'The photo is blurred',
    );
    // In its own direction, so an English reason reads whole on an Arabic page.
    expect(within(dialog).getByText('The photo is blurred')).toHaveAttribute('dir', 'auto');
    expect(within(dialog).queryByTestId('kyc-decision')).not.toBeInTheDocument();
  });

  it('offers to try again when the list could not be loaded', async () => {
    const user = userEvent.setup();
    let calls = 0;
    stubApi({
      [listUrl]: () => {
        calls += 1;
        return calls === 1
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } }
          : { status: 200, body: [] };
      },
    });
    renderWithProviders(<KycTab />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading KYC data');
    expect(alert).toHaveTextContent('Failed to load KYC data');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('kyc-empty')).toHaveTextContent('No users found');
  });
});
