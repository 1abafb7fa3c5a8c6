// Staff see every answer the one KYC field list holds, with its label, in both languages: what a
// real KYC asks beyond SPEC (nationality, the document's number and expiry) included.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { kycFieldNames, type KycReview } from '@secure-vault/shared/kyc';
import { loadCatalogs, renderWithProviders } from '@/test/render';
import { KycAnswers } from './kyc-answers';

beforeAll(() => loadCatalogs(['admin', 'kyc']));
afterEach(() => i18next.changeLanguage('en'));

const review: KycReview = {
  userId: '0b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10',
  email: 'amira@example.com',
  accountNumber: '1234567897',
  status: 'submitted',
  step: 17,
  data: {
    firstName: 'Amira',
    surname: 'Haddad',
    email: 'amira@example.com',
    nationality: 'EG',
    dateOfBirth: '02/04/1985',
    street: '12 Palm Street',
    city: 'Dubai',
    postcode: '00000',
    countryCode: '+971',
    phoneNumber: '501234567',
    experience: 'none',
    employment: 'retired',
    income: 'less-than-20000',
    wealth: 'less-than-25000',
    incomeOrigin: ['pension'],
    termsAccepted: true,
    currency: 'AED',
    documentCountry: 'AE',
    documentType: 'passport',
    documentNumber: 'P1234567',
    documentExpiry: '31/12/2030',
  },
  verifiedPhone: '+971501234567',
  documents: [],
  rejectionReason: null,
  submittedAt: '2026-02-03T09:00:00.000Z',
  decidedAt: null,
};

describe('KycAnswers', () => {
  it('shows every field of the list but the country code (shown with the phone)', async () => {
    renderWithProviders(<KycAnswers review={review} />);
    const answers = await screen.findByTestId('kyc-answers');
    for (const field of kycFieldNames) {
      // Industry is asked of the employed and self-employed only (SPEC §4).
      const isShown = field !== 'countryCode' && field !== 'industry';
      expect(within(answers).queryByTestId(`kyc-answer-${field}`) !== null, field).toBe(isShown);
    }
  });

  it('shows the nationality, document number and expiry with their labels', async () => {
    renderWithProviders(<KycAnswers review={review} />);
    const nationality = await screen.findByTestId('kyc-answer-nationality');
    expect(nationality).toHaveTextContent('Nationality');
    expect(nationality).toHaveTextContent('Egypt (EG)');
    expect(screen.getByTestId('kyc-answer-documentNumber')).toHaveTextContent(
      'Document numberP1234567',
    );
    expect(screen.getByTestId('kyc-answer-documentExpiry')).toHaveTextContent(
      'Expiry date31/12/2030',
    );
    const document = screen.getByRole('region', { name: 'Identity document' });
    expect(within(document).getByTestId('kyc-answer-documentNumber')).toBeVisible();
  });

  it('labels them in Arabic, numbers kept left to right', async () => {
    await i18next.changeLanguage('ar');
    renderWithProviders(<KycAnswers review={review} />);
    const nationality = await screen.findByTestId('kyc-answer-nationality');
    expect(nationality).toHaveTextContent('الجنسية');
    expect(nationality).toHaveTextContent('مصر (EG)');
    const number = screen.getByTestId('kyc-answer-documentNumber');
    expect(number).toHaveTextContent('رقم المستند');
    expect(within(number).getByText('P1234567')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByTestId('kyc-answer-documentExpiry')).toHaveTextContent('تاريخ الانتهاء');
  });
});
