import { describe, expect, it } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { toast as sonner } from 'sonner';
import { dismissErrorToasts, LazyToaster, toast } from './toast';

const showing = () =>
  sonner
    .getToasts()
    .map((shown) =>
      'type' in shown ? `${shown.type}: ${typeof shown.title === 'string' ? shown.title : ''}` : '',
    );

describe('toasts', () => {
  it('show one of each kind, let a success take the place of errors, and a new page take down errors', async () => {
    render(<LazyToaster />);
    toast.error('Verification failed');
    await waitFor(() => expect(showing()).toEqual(['error: Verification failed']));
    // A second error takes the first one's place rather than stacking on it.
    toast.error('Purchase Failed');
    await waitFor(() => expect(showing()).toEqual(['error: Purchase Failed']));
    toast.success('Purchase Successful');
    await waitFor(() => expect(showing()).toEqual(['success: Purchase Successful']));

    toast.error('Sale Failed');
    toast.error('Sale Failed');
    await waitFor(() =>
      expect(showing()).toEqual(['success: Purchase Successful', 'error: Sale Failed']),
    );
    dismissErrorToasts();
    await waitFor(() => expect(showing()).toEqual(['success: Purchase Successful']));
  });

  it('shows a success after an earlier one has gone', async () => {
    render(<LazyToaster />);
    toast.success('KYC approved');
    await waitFor(() => expect(showing()).toContain('success: KYC approved'));
    sonner.dismiss();
    await waitFor(() => expect(showing()).toEqual([]));
    toast.success('KYC rejected');
    await waitFor(() => expect(showing()).toEqual(['success: KYC rejected']));
  });
});
