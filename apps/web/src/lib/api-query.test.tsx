import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as kyc from '@secure-vault/shared/kyc/contracts';
import { renderWithProviders, stubApi } from '@/test/render';
import { apiKey, useApiMutation, useApiQuery } from './api-query';

const userId = '00000000-0000-4000-8000-000000000001';

function Decision({ onApproved }: { onApproved: () => void }) {
  const decide = useApiMutation(kyc.decideKyc, {
    invalidates: [apiKey(kyc.getKycReview)],
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

describe('useApiMutation', () => {
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
