import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as auth from '@secure-vault/shared/auth/contracts';
import * as banking from '@secure-vault/shared/banking/contracts';
import * as history from '@secure-vault/shared/history/contracts';
import * as kyc from '@secure-vault/shared/kyc/contracts';
import * as vault from '@secure-vault/shared/vault/contracts';
import { renderWithProviders, stubApi } from '@/test/render';
import { useApiMutation, useApiQuery } from './api-query';

const userId = '00000000-0000-4000-8000-000000000001';

function Decision({ onApproved }: { onApproved: () => void }) {
  // The decision changes the staff panel (`changes: ['admin']`), where the review is.
  const decide = useApiMutation(kyc.decideKyc, {
    // The refresh takes a moment, as it does over a network: the page shows the new state
    // before the call is over.
    onSettled: () => new Promise((resolve) => setTimeout(resolve, 50)),
  });
  return (
    <button
      type="button"
      onClick={() =>
        decide.mutate(
          { params: { userId }, body: { decision: 'approve' } },
          { onSuccess: onApproved },
        )
      }
    >
      Approve
    </button>
  );
}

/** As the staff review does: the decision is offered only while the verification is submitted. */
function Review({ onApproved }: { onApproved: () => void }) {
  const review = useApiQuery(kyc.getKycReview, { params: { userId } });
  if (!review.data) return null;
  return review.data.status === 'submitted' ? (
    <Decision onApproved={onApproved} />
  ) : (
    <p>Approved</p>
  );
}

/** A withdrawal made beside the dashboard's figures and movements, and the list of sessions. */
function WithdrawBesideDashboard() {
  useApiQuery(vault.getSummary);
  useApiQuery(history.getHistory, { query: {} });
  useApiQuery(auth.getSessions);
  const withdraw = useApiMutation(banking.requestWithdrawal);
  return (
    <button
      type="button"
      onClick={() =>
        withdraw.mutate({
          body: { bankAccountId: '0b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10', amount: '50.00' },
          idempotencyKey: '5f0c1b9e-2d7a-4c1e-9b3f-8a6d4e2c1f00',
        })
      }
    >
      Withdraw
    </button>
  );
}

describe('useApiMutation', () => {
  it('refetches what its contract says it changes: a withdrawal, the cash and the movements', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'GET /api/v1/me/summary': { status: 200, body: {} },
      'GET /api/v1/me/history': { status: 200, body: { items: [] } },
      'GET /api/v1/auth/sessions': { status: 200, body: [] },
      'POST /api/v1/me/withdrawals': { status: 201, body: {} },
    });
    const calls = (key: string) =>
      fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${url}` === key)
        .length;
    renderWithProviders(<WithdrawBesideDashboard />);
    await vi.waitFor(() => expect(calls('GET /api/v1/auth/sessions')).toBe(1));
    expect(banking.requestWithdrawal.changes).toContain('valuables');

    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await vi.waitFor(() => expect(calls('POST /api/v1/me/withdrawals')).toBe(1));
    // The summary (cash, net worth) and the history refetch with no realtime notice needed; the
    // sessions, which a withdrawal does not change, do not.
    await vi.waitFor(() => expect(calls('GET /api/v1/me/summary')).toBe(2));
    await vi.waitFor(() => expect(calls('GET /api/v1/me/history')).toBe(2));
    expect(calls('GET /api/v1/auth/sessions')).toBe(1);
  });

  it("runs a call's own callbacks even when the refresh it causes removes the caller", async () => {
    const user = userEvent.setup();
    let decided = false;
    stubApi({
      [`GET /api/v1/admin/kyc/${userId}`]: () => ({
        status: 200,
        body: { status: decided ? 'approved' : 'submitted' },
      }),
      [`POST /api/v1/admin/kyc/${userId}/decision`]: () => {
        decided = true;
        return { status: 200, body: { status: 'approved' } };
      },
    });
    const onApproved = vi.fn();
    renderWithProviders(<Review onApproved={onApproved} />);
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Approved')).toBeVisible();
    await vi.waitFor(() => expect(onApproved).toHaveBeenCalledOnce());
  });
});
