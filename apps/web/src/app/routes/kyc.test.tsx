import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { Route, Routes } from 'react-router';
import {
  accountEmail,
  fileOf,
  kycDocument,
  kycState,
  sentBody,
  stubKyc,
  stubUploads,
} from '@/test/kyc-test-data';
import { loadCatalogs, renderWithProviders } from '@/test/render';
import KycRoute from './kyc';

beforeAll(() => loadCatalogs(['kyc', 'auth']));
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderKyc() {
  return renderWithProviders(
    <Routes>
      <Route path="/kyc" element={<KycRoute />} />
      <Route path="/dashboard" element={<h1>Dashboard page</h1>} />
    </Routes>,
    { route: '/kyc' },
  );
}

const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name });

/** A document's number and an expiry date that is years away. */
const validDocument = { documentNumber: 'P1234567', documentExpiry: '31/12/2099' };

/** The header's step and its progress bar agree: "Step N of 17" and N out of 17. */
function expectStep(number: number) {
  expect(screen.getByText(`Step ${number} of 17`)).toBeVisible();
  const progress = screen.getByRole('progressbar', { name: 'Verification progress' });
  expect(progress).toHaveAttribute('aria-valuenow', String(number));
  expect(progress).toHaveAttribute('aria-valuemax', '17');
}

describe('KycRoute', () => {
  it('opens at the saved step with the saved answers, header and progress', async () => {
    stubKyc(
      kycState({
        step: 3,
        data: { firstName: 'Amira', street: '12 Palm Road', city: 'Dubai', postcode: '00000' },
      }),
    );
    renderKyc();
    expect(await stepHeading('Address')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'KYC Verification' })).toBeVisible();
    expect(screen.getByText('Step 4 of 17')).toBeVisible();
    const progress = screen.getByRole('progressbar', { name: 'Verification progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '4');
    expect(progress).toHaveAttribute('aria-valuemax', '17');
    expect(screen.getByLabelText('Street address')).toHaveValue('12 Palm Road');
    expect(screen.getByRole('button', { name: 'Back' })).toBeVisible();
  });

  it('starts a new verification at the introduction, without the header or Back', async () => {
    const user = userEvent.setup();
    const fetchMock = stubKyc(kycState({ status: 'not_started' }));
    renderKyc();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Verify your identity' }),
    ).toBeVisible();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    const heading = await stepHeading('Personal Details');
    expect(heading).toHaveFocus();
    expect(sentBody(fetchMock, 'PUT /api/v1/me/kyc/draft')).toEqual({ step: 1, data: {} });
    // The email starts as the account's.
    expect(screen.getByLabelText('Email')).toHaveValue(accountEmail);
  });

  it('saves each step with the next one before moving, and goes back', async () => {
    const user = userEvent.setup();
    const fetchMock = stubKyc(kycState({ step: 3 }));
    renderKyc();
    await stepHeading('Address');
    await user.type(screen.getByLabelText('Street address'), '12 Palm Road');
    await user.type(screen.getByLabelText('City'), 'Dubai');
    await user.type(screen.getByLabelText('Postcode'), '00000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await stepHeading('Phone Number')).toHaveFocus();
    expect(sentBody(fetchMock, 'PUT /api/v1/me/kyc/draft')).toEqual({
      step: 4,
      data: {
        street: '12 Palm Road',
        building: '',
        apartment: '',
        city: 'Dubai',
        postcode: '00000',
      },
    });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await stepHeading('Address')).toBeVisible();
    expect(screen.getByLabelText('City')).toHaveValue('Dubai');
  });

  it('stays on the step when the save fails, with the server’s issue on its field', async () => {
    const user = userEvent.setup();
    stubKyc(kycState({ step: 3 }), {
      'PUT /api/v1/me/kyc/draft': {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION',
            message: 'bad',
            issues: [{ path: 'body.data.city', message: 'kyc:errors.cityRequired' }],
          },
        },
      },
    });
    renderKyc();
    await stepHeading('Address');
    await user.type(screen.getByLabelText('Street address'), 'Road');
    await user.type(screen.getByLabelText('City'), 'X');
    await user.type(screen.getByLabelText('Postcode'), '1');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please enter your city')).toBeVisible();
    expect(screen.getByLabelText('City')).toHaveAccessibleDescription('Please enter your city');
    expect(screen.getByRole('heading', { level: 2, name: 'Address' })).toBeVisible();
  });

  it('goes to Industry only for the employed, and Back from Income always to Industry', async () => {
    const user = userEvent.setup();
    const fetchMock = stubKyc(kycState({ step: 7 }));
    renderKyc();
    await stepHeading('Employment');
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Retired' }));
    expect(continueButton).toBeEnabled();
    await user.click(continueButton);
    expect(await stepHeading('Income')).toBeVisible();
    // Industry is not one of SPEC's 17 steps: Income is the ninth, skipped or not.
    expectStep(9);
    expect(sentBody(fetchMock, 'PUT /api/v1/me/kyc/draft')).toEqual({
      step: 9,
      data: { employment: 'retired' },
    });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await stepHeading('Industry')).toBeVisible();
    expectStep(8);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await stepHeading('Employment');
    await user.click(screen.getByRole('radio', { name: 'Self-employed' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await stepHeading('Industry')).toBeVisible();
    expect(sentBody(fetchMock, 'PUT /api/v1/me/kyc/draft', 1)).toEqual({
      step: 8,
      data: { employment: 'self-employed' },
    });
  });

  it('shows each rule’s message on its field', async () => {
    const user = userEvent.setup();
    const fetchMock = stubKyc(kycState({ step: 1 }));
    renderKyc();
    await stepHeading('Personal Details');
    const email = screen.getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'no-at-sign');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription(
      'Please enter your first name',
    );
    expect(screen.getByLabelText('Surname')).toHaveAccessibleDescription(
      'Please enter your surname',
    );
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    expect(screen.getByLabelText('Nationality')).toHaveAccessibleDescription(
      'Please choose your nationality',
    );
    expect(fetchMock).not.toHaveBeenCalledWith('/api/v1/me/kyc/draft', expect.anything());

    await user.selectOptions(screen.getByLabelText('Nationality'), 'AE');
    expect(await screen.findByTestId('country-flag')).toHaveAttribute('data-country', 'AE');
    await user.type(screen.getByLabelText('First name'), 'Amira');
    await user.type(screen.getByLabelText('Surname'), 'Haddad');
    await user.clear(email);
    await user.type(email, 'amira@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await stepHeading('Date of Birth');
    const date = screen.getByLabelText('Date of birth');
    await user.type(date, '31022000');
    expect(date).toHaveValue('31/02/2000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText(
        'Enter a real date as DD/MM/YYYY, from 1900 on and not in the future',
      ),
    ).toBeVisible();
    await user.clear(date);
    await user.type(date, '15/04/1990');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await stepHeading('Address');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByLabelText('Street address')).toHaveAccessibleDescription(
      'Please enter your street address',
    );
    expect(screen.getByLabelText('City')).toHaveAccessibleDescription('Please enter your city');
    expect(screen.getByLabelText('Postcode')).toHaveAccessibleDescription(
      'Please enter your postcode',
    );
  });

  it('refuses a date of birth under 18 or in the future, with its own message', async () => {
    const user = userEvent.setup();
    stubKyc(kycState({ step: 2 }));
    renderKyc();
    await stepHeading('Date of Birth');
    const date = screen.getByLabelText('Date of birth');
    await user.type(date, '01/01/2020');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(date).toHaveAccessibleDescription(
      expect.stringContaining('You must be 18 or over to open an account'),
    );
    await user.clear(date);
    await user.type(date, '01/01/2999');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(date).toHaveAccessibleDescription(
      expect.stringContaining(
        'Enter a real date as DD/MM/YYYY, from 1900 on and not in the future',
      ),
    );
  });

  it('checks the phone number’s digits and the minimum length of its country code', async () => {
    const user = userEvent.setup();
    stubKyc(kycState({ step: 4 }));
    renderKyc();
    await stepHeading('Phone Number');
    const country = screen.getByLabelText('Country code');
    expect(country).toHaveValue('US');
    expect(within(country).getAllByRole('option').length).toBeGreaterThan(230);
    await user.selectOptions(country, 'AE');
    const number = screen.getByLabelText('Phone number');
    await user.type(number, '5012345a');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(number).toHaveAccessibleDescription(
      expect.stringContaining('Enter the phone number with digits only'),
    );
    await user.clear(number);
    await user.type(number, '50 123 456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(number).toHaveAccessibleDescription(
      expect.stringContaining('The phone number must have at least 9 digits'),
    );
  });

  it('emails a code for the number, then verifies it and moves on after 1.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const fetchMock = stubKyc(kycState({ step: 4 }), {
      'POST /api/v1/me/kyc/phone-code': { status: 202, body: { accepted: true } },
      'POST /api/v1/me/kyc/phone-code/verify': {
        status: 200,
        body: kycState({
          step: 5,
          data: { countryCode: '+971', phoneNumber: '501234567' },
          verifiedPhone: '+971501234567',
        }),
      },
    });
    renderKyc();
    await stepHeading('Phone Number');
    await user.selectOptions(screen.getByLabelText('Country code'), 'AE');
    await user.type(screen.getByLabelText('Phone number'), '501234567');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await stepHeading('OTP Verification')).toBeVisible();
    expect(sentBody(fetchMock, 'PUT /api/v1/me/kyc/draft')).toEqual({
      step: 5,
      data: { countryCode: '+971', phoneNumber: '501234567' },
    });
    expect(sentBody(fetchMock, 'POST /api/v1/me/kyc/phone-code')).toEqual({
      countryCode: '+971',
      phoneNumber: '501234567',
    });
    expect(screen.getByText(accountEmail)).toBeVisible();
    expect(screen.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();

    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(verify);
    expect(await screen.findByText('Phone Number Verified!')).toBeVisible();
    expect(sentBody(fetchMock, 'POST /api/v1/me/kyc/phone-code/verify')).toEqual({
      code: '123456',
    });
    expect(screen.queryByRole('heading', { level: 2, name: 'Experience' })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(await stepHeading('Experience')).toBeVisible();
    expect(sentBody(fetchMock, 'PUT /api/v1/me/kyc/draft', 1)).toEqual({ step: 6, data: {} });
  });

  it.each([
    ['+1', ['USD', 'EUR', 'GBP']],
    ['+234', ['NGN', 'USD', 'EUR']],
    ['+61', ['AUD', 'USD', 'EUR']],
    ['+49', ['EUR', 'USD', 'GBP']],
    ['+971', ['AED', 'USD', 'EUR']],
  ])(
    'offers the currency of the country of %s first, beside USD and EUR',
    async (countryCode, offered) => {
      stubKyc(kycState({ step: 14, data: { countryCode, phoneNumber: '0123456789' } }));
      renderKyc();
      await stepHeading('Currency');
      const options = screen.getAllByRole('radio');
      expect(options.map((option) => (option as HTMLInputElement).value)).toEqual(offered);
      expect(screen.getByRole('radio', { name: /USD/ })).toBeChecked();
      expect(screen.getByRole('radio', { name: /USD/ })).toHaveAccessibleName(
        expect.stringContaining('Default'),
      );
      expect(screen.getByRole('button', { name: 'Upgrade Account' })).toBeEnabled();
    },
  );

  it('names the currencies in Arabic too, the UAE dirham first', async () => {
    stubKyc(kycState({ step: 14, data: { countryCode: '+971', phoneNumber: '501234567' } }));
    await i18next.changeLanguage('ar');
    try {
      renderKyc();
      await screen.findByRole('button', { name: 'ترقية الحساب' });
      const [first] = screen.getAllByRole('radio');
      expect(first).toHaveAccessibleName(expect.stringContaining('درهم إماراتي'));
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('keeps Confirm disabled on the terms until the declaration is ticked', async () => {
    const user = userEvent.setup();
    stubKyc(kycState({ step: 13 }));
    renderKyc();
    await stepHeading('Terms');
    expect(screen.getByRole('region', { name: 'Terms and Policies' })).toBeVisible();
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    await user.click(
      screen.getByRole('checkbox', {
        name: 'I declare that I have read, understood and agree to the terms and conditions above.',
      }),
    );
    expect(confirm).toBeEnabled();
  });

  it('asks for the document type, then refuses unsupported and large files before uploading', async () => {
    // As a file picker set to "All files" would let anything through.
    const user = userEvent.setup({ applyAccept: false });
    const sent = stubUploads();
    const fetchMock = stubKyc(kycState({ step: 16, data: { countryCode: '+971' } }));
    renderKyc();
    await stepHeading('Document Selection');
    expectStep(16);
    expect(screen.getByLabelText('Issuing country')).toHaveValue('AE');
    expect(await screen.findByTestId('country-flag')).toHaveAttribute('data-country', 'AE');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please choose a document type')).toBeVisible();
    expect(screen.getByLabelText('Document number')).toHaveAccessibleDescription(
      expect.stringContaining('Please enter your document number'),
    );
    expect(screen.getByLabelText('Expiry date')).toHaveAccessibleDescription(
      expect.stringContaining('Please enter the expiry date of your document'),
    );
    await user.click(screen.getByRole('radio', { name: 'Passport' }));
    await user.type(screen.getByLabelText('Document number'), 'p1234567');
    // An expired document is refused.
    const expiry = screen.getByLabelText('Expiry date');
    await user.type(expiry, '01012020');
    expect(expiry).toHaveValue('01/01/2020');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(expiry).toHaveAccessibleDescription(
      expect.stringContaining('This document has expired. Please use a valid document'),
    );
    await user.clear(expiry);
    await user.type(expiry, '31/12/2099');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await stepHeading('Document Upload')).toBeVisible();
    expectStep(17);
    expect(sentBody(fetchMock, 'PUT /api/v1/me/kyc/draft')).toEqual({
      step: 17,
      data: {
        documentCountry: 'AE',
        documentType: 'passport',
        documentNumber: 'P1234567',
        documentExpiry: '31/12/2099',
      },
    });
    expect(
      screen.getByText('JPG, JPEG, PNG, HEIC, WEBP or PDF, at most 10 MB per file.'),
    ).toBeVisible();

    // A passport needs its photo page only.
    expect(screen.queryByLabelText('Back of the document')).not.toBeInTheDocument();
    const front = screen.getByLabelText('Passport Photo Page');
    await user.upload(front, fileOf('setup.exe', 'application/x-msdownload'));
    expect(
      await screen.findByText(
        'This file type is not accepted. Choose a JPG, JPEG, PNG, HEIC, WEBP or PDF file.',
      ),
    ).toBeVisible();
    await user.upload(front, fileOf('huge.png', 'image/png', 11 * 1024 * 1024));
    expect(
      await screen.findByText('This file is larger than 10 MB. Choose a smaller file.'),
    ).toBeVisible();
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Complete Verification' }));
    expect(await screen.findByText('Please upload the front of your document')).toBeVisible();

    await user.upload(front, fileOf('passport.png', 'image/png', 2.5 * 1024 * 1024));
    expect(await screen.findByText('Uploaded')).toBeVisible();
    expect(screen.getByText('passport.png')).toBeVisible();
    expect(screen.getByText('2.5 MB')).toBeVisible();
    expect(screen.getByRole('img', { name: 'Preview of the Passport Photo Page' })).toBeVisible();
    expect(sent.map((upload) => upload.side)).toEqual(['front']);
    expect(screen.queryByText('Please upload the front of your document')).not.toBeInTheDocument();
  });

  it('reopens at Document Upload after a reload there, as step 17 of 17', async () => {
    stubKyc(
      kycState({
        step: 17,
        data: { documentType: 'passport', documentCountry: 'AE', ...validDocument },
      }),
    );
    renderKyc();
    expect(await stepHeading('Document Upload')).toBeVisible();
    expectStep(17);
    expect(screen.getByLabelText('Passport Photo Page')).toBeInTheDocument();
  });

  it('needs the back of an ID card', async () => {
    const user = userEvent.setup();
    stubUploads();
    stubKyc(
      kycState({
        step: 16,
        data: { documentType: 'id-card', documentCountry: 'AE', ...validDocument },
        documents: [kycDocument({ side: 'front', name: 'front.jpg' })],
      }),
    );
    renderKyc();
    await stepHeading('Document Selection');
    expect(screen.getByRole('radio', { name: 'ID card' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await stepHeading('Document Upload');
    // The front uploaded earlier is shown by its name and size.
    expect(screen.getByText('front.jpg')).toBeVisible();
    expect(screen.getByText('2 MB')).toBeVisible();
    expect(screen.getByLabelText('Front of the document')).toBeInTheDocument();
    const back = screen.getByLabelText('Back of the document');
    await user.click(screen.getByRole('button', { name: 'Complete Verification' }));
    expect(await screen.findByText('Please upload the back of your document')).toBeVisible();
    await user.upload(back, fileOf('back.pdf', 'application/pdf', 420 * 1024));
    await waitFor(() =>
      expect(screen.queryByText('Please upload the back of your document')).not.toBeInTheDocument(),
    );
    // A file under a megabyte is told in kilobytes, not "Under 0.01 MB".
    expect(screen.getByText('420 KB')).toBeVisible();
  });

  it('submits, shows "Processing Your Documents", then goes to the dashboard', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const documents = [kycDocument({ side: 'front' })];
    const fetchMock = stubKyc(
      kycState({
        step: 16,
        data: { documentType: 'passport', documentCountry: 'AE', ...validDocument },
        documents,
      }),
      {
        'POST /api/v1/me/kyc/submit': {
          status: 200,
          body: kycState({
            status: 'submitted',
            step: 16,
            documents,
            submittedAt: '2026-03-01T10:00:00.000Z',
          }),
        },
      },
    );
    renderKyc();
    await stepHeading('Document Selection');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await stepHeading('Document Upload');
    await user.click(screen.getByRole('button', { name: 'Complete Verification' }));
    expect(await screen.findByText('Processing Your Documents')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeVisible();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/me/kyc/submit',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('lists what the server still misses on submission, with a way to each step', async () => {
    const user = userEvent.setup();
    stubKyc(
      kycState({
        step: 16,
        data: { documentType: 'passport', documentCountry: 'AE', ...validDocument },
        documents: [kycDocument({ side: 'front' })],
      }),
      {
        'POST /api/v1/me/kyc/submit': {
          status: 400,
          body: {
            error: {
              code: 'VALIDATION',
              message: 'incomplete',
              issues: [{ path: 'body.phoneNumber', message: 'kyc:errors.phoneNotVerified' }],
            },
          },
        },
      },
    );
    renderKyc();
    await stepHeading('Document Selection');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await stepHeading('Document Upload');
    await user.click(screen.getByRole('button', { name: 'Complete Verification' }));
    expect(
      await screen.findByText('Please confirm your phone number with the code we emailed you'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Go to OTP Verification' }));
    expect(await stepHeading('OTP Verification')).toBeVisible();
  });

  it('shows "Under review" once submitted', async () => {
    stubKyc(kycState({ status: 'submitted', step: 16, submittedAt: '2026-03-01T10:00:00.000Z' }));
    renderKyc();
    expect(await screen.findByRole('heading', { level: 1, name: 'Under review' })).toBeVisible();
    expect(screen.getByText('Submitted on Mar 1, 2026')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows a verified customer their status and the way to the dashboard', async () => {
    stubKyc(kycState({ status: 'approved', step: 16, decidedAt: '2026-03-02T10:00:00.000Z' }));
    renderKyc();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your identity is verified' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toBeVisible();
  });

  it('shows the reason of a rejection and opens the wizard with the answers to correct', async () => {
    const user = userEvent.setup();
    stubKyc(
      kycState({
        status: 'rejected',
        step: 16,
        data: { firstName: 'Amira', surname: 'Haddad', email: 'amira@example.com' },
        rejectionReason: 'The passport photo is blurred.',
      }),
    );
    renderKyc();
    expect(await screen.findByText('The passport photo is blurred.')).toBeVisible();
    expect(screen.getByText('Your verification needs changes')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    await stepHeading('Personal Details');
    expect(screen.getByLabelText('First name')).toHaveValue('Amira');
    expect(screen.getByText('The passport photo is blurred.')).toBeVisible();
  });

  it('says when the verification could not be loaded, with a retry', async () => {
    stubKyc(kycState(), { 'GET /api/v1/me/kyc': { status: 500 } });
    renderKyc();
    expect(await screen.findByText('Failed to load KYC data')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
