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
  it('let a success take the place of the errors still showing, and a new page take down errors', async () => {
    render(<LazyToaster />);
    toast.error('Verification failed');
    toast.error('Purchase Failed');
    await waitFor(() =>
      expect(showing()).toEqual(['error: Verification failed', 'error: Purchase Failed']),
    );
    toast.success('Purchase Successful');
    await waitFor(() => expect(showing()).toEqual(['success: Purchase Successful']));

    toast.error('Sale Failed');
    await waitFor(() => expect(showing()).toContain('error: Sale Failed'));
    dismissErrorToasts();
    await waitFor(() => expect(showing()).toEqual(['success: Purchase Successful']));
  });
});
