import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@/lib/api-client';
import { loadCatalogs, renderWithProviders } from '@/test/render';
import { DocumentSelectionStep } from './document-selection-step';
import { IncomeOriginStep } from './income-origin-step';
import { PersonalStep } from './personal-step';

beforeAll(() => loadCatalogs(['kyc', 'auth']));
afterEach(() => vi.unstubAllGlobals());

describe('KYC steps', () => {
  it('keeps Continue disabled until an income origin is chosen, and sends every one chosen', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn(async () => {});
    renderWithProviders(<IncomeOriginStep data={{}} onComplete={onComplete} />);
    const continueButton = await screen.findByRole('button', { name: 'Continue' });
    expect(continueButton).toBeDisabled();
    expect(continueButton).toHaveAccessibleDescription('Choose an answer to continue.');
    expect(screen.getByRole('group', { name: 'Income & Wealth Origin' })).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: 'Savings' }));
    await user.click(screen.getByRole('checkbox', { name: 'Pension' }));
    expect(continueButton).toBeEnabled();
    await user.click(continueButton);
    await waitFor(() =>
      expect(onComplete).toHaveBeenCalledWith({ incomeOrigin: ['savings', 'pension'] }),
    );
  });

  it('puts the server’s issue on the income origin', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn(async () => {
      throw new ApiError(400, 'VALIDATION', 'bad', [
        { path: 'body.data.incomeOrigin', message: 'kyc:errors.incomeOriginRequired' },
      ]);
    });
    renderWithProviders(<IncomeOriginStep data={{}} onComplete={onComplete} />);
    await user.click(await screen.findByRole('checkbox', { name: 'Employment' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Select at least one origin')).toBeVisible();
  });

  it('asks for the document’s country and type', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn(async () => {});
    renderWithProviders(
      <DocumentSelectionStep data={{}} onComplete={onComplete} country={undefined} />,
    );
    const country = await screen.findByLabelText('Issuing country');
    expect(country).toHaveValue('');
    // No country yet: no flag, and no empty box in its place.
    expect(screen.queryByTestId('country-flag')).not.toBeInTheDocument();
    expect(screen.queryByTestId('country-flag-blank')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(country).toHaveAccessibleDescription(
      'Please choose the country that issued your document',
    );
    expect(await screen.findByText('Please choose a document type')).toBeVisible();
    await user.selectOptions(country, 'NG');
    // The flag is an SVG picture of its own, not an emoji a font may lack.
    expect(await screen.findByTestId('country-flag')).toHaveAttribute('data-country', 'NG');
    await user.click(screen.getByRole('radio', { name: "Driver's licence" }));
    await user.type(screen.getByLabelText('Document number'), ' a12345678 ');
    await user.type(screen.getByLabelText('Expiry date'), '30062099');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(onComplete).toHaveBeenCalledWith({
        documentCountry: 'NG',
        documentType: 'drivers-licence',
        documentNumber: 'A12345678',
        documentExpiry: '30/06/2099',
      }),
    );
  });

  it('refuses names that are too long or hold control characters', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn(async () => {});
    renderWithProviders(
      <PersonalStep data={{}} onComplete={onComplete} accountEmail="me@example.com" />,
    );
    await user.type(await screen.findByLabelText('First name'), 'A'.repeat(101));
    await user.type(screen.getByLabelText('Surname'), 'Haddad');
    const middle = screen.getByLabelText(/Middle name/);
    await user.click(middle);
    await user.paste('Left\u202Eright');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('This is too long.');
    expect(middle).toHaveAccessibleDescription(
      expect.stringContaining('Remove the control or hidden formatting characters'),
    );
    expect(onComplete).not.toHaveBeenCalled();
  });
});
