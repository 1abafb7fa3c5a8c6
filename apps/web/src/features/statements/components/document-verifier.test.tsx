// /verify's check: the file's bytes go to the server as a PDF with the CSRF header, and its
// verdict shows (valid with what the document says about itself, or invalid); what cannot be a
// signed document is refused in the browser, without a request.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { DocumentVerifier } from './document-verifier';

beforeAll(() => loadCatalogs(['statements']));
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

const invalid = {
  valid: false,
  kind: null,
  issuedTo: null,
  period: null,
  issuedAt: null,
  journalPosition: null,
};
const statement = {
  valid: true,
  kind: 'statement',
  issuedTo: 'A*** H***',
  period: '2026-11',
  issuedAt: '2026-11-25T10:15:30.000Z',
  journalPosition: '1042',
};

function pdfFile(name = 'secure-vault-statement-2026-11.pdf') {
  return new File(['%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n'], name, { type: 'application/pdf' });
}

const dropLabel = 'Choose a PDF to check';

describe('DocumentVerifier', () => {
  it('sends the PDF as it is and shows a valid statement with what it says', async () => {
    const user = userEvent.setup();
    let sent: RequestInit | undefined;
    const fetchMock = stubApi({
      'POST /api/v1/verify': (_url, init) => {
        sent = init;
        return { status: 200, body: statement };
      },
    });
    renderWithProviders(<DocumentVerifier />);
    const file = pdfFile();
    await user.upload(await screen.findByLabelText(dropLabel), file);

    const title = await screen.findByRole('heading', {
      name: 'Issued by Secure Vault and unaltered',
    });
    expect(title).toHaveFocus();
    expect(screen.getByTestId('verify-result')).toHaveAttribute('data-valid', 'true');
    expect(screen.getByTestId('verify-kind')).toHaveTextContent('DocumentMonthly statement');
    expect(screen.getByTestId('verify-issuedTo')).toHaveTextContent('Issued toA*** H***');
    expect(screen.getByTestId('verify-period')).toHaveTextContent('PeriodNovember 2026');
    expect(screen.getByTestId('verify-issuedAt')).toHaveTextContent(
      /^Issued at \(UTC\)November 25, 2026 at 10:15:30\sAM$/,
    );
    expect(screen.getByTestId('verify-journalPosition')).toHaveTextContent('1042');
    expect(screen.getByTestId('verify-file')).toHaveTextContent(file.name);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sent?.body).toBe(file);
    expect(sent?.headers).toMatchObject({
      'content-type': 'application/pdf',
      'x-requested-with': 'secure-vault',
    });
  });

  it('shows a proof of holdings with its moment', async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /api/v1/verify': {
        status: 200,
        body: {
          ...statement,
          kind: 'proof_of_holdings',
          issuedTo: 'a***@e***.com',
          period: '2026-11-25T10:15:29.000Z',
        },
      },
    });
    renderWithProviders(<DocumentVerifier />);
    await user.upload(await screen.findByLabelText(dropLabel), pdfFile('proof.pdf'));
    expect(await screen.findByTestId('verify-kind')).toHaveTextContent('Proof of holdings');
    expect(screen.getByTestId('verify-issuedTo')).toHaveTextContent('a***@e***.com');
    expect(screen.getByTestId('verify-period')).toHaveTextContent(
      /^Moment \(UTC\)November 25, 2026 at 10:15:29\sAM$/,
    );
  });

  it('says an altered or foreign document is not verified, then takes another', async () => {
    const user = userEvent.setup();
    stubApi({ 'POST /api/v1/verify': { status: 200, body: invalid } });
    renderWithProviders(<DocumentVerifier />);
    await user.upload(await screen.findByLabelText(dropLabel), pdfFile('altered.pdf'));

    expect(await screen.findByRole('heading', { name: 'Not verified' })).toHaveFocus();
    expect(screen.getByTestId('verify-result')).toHaveAttribute('data-valid', 'false');
    expect(screen.getByTestId('verify-verdict')).toHaveTextContent(
      'This document was not issued by Secure Vault, or it was altered after issue.',
    );
    expect(screen.queryByTestId('verify-kind')).not.toBeInTheDocument();
    expect(screen.queryByTestId('verify-issuedTo')).not.toBeInTheDocument();
    expect(screen.queryByText('Issued by Secure Vault and unaltered')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Check another document' }));
    expect(screen.getByLabelText(dropLabel)).toHaveFocus();
    expect(screen.queryByTestId('verify-result')).not.toBeInTheDocument();
  });

  it('refuses a file over 5 MB without sending it', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({});
    renderWithProviders(<DocumentVerifier />);
    const large = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'large.pdf', {
      type: 'application/pdf',
    });
    const input = await screen.findByLabelText(dropLabel);
    await user.upload(input, large);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This file is larger than 5 MB, so it cannot be a Secure Vault document.',
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/larger than 5 MB/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a dropped file that is not a PDF without sending it', async () => {
    const fetchMock = stubApi({});
    renderWithProviders(<DocumentVerifier />);
    const picture = new File(['<svg/>'], 'statement.svg', { type: 'image/svg+xml' });
    fireEvent.drop(await screen.findByTestId('verify-drop-zone'), {
      dataTransfer: { files: [picture], types: ['Files'] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Choose a PDF file: statements and proofs of holdings are PDFs.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of a file too large, and a busy limit", async () => {
    const user = userEvent.setup();
    let code = 'FILE_TOO_LARGE';
    stubApi({
      'POST /api/v1/verify': () => ({
        status: code === 'FILE_TOO_LARGE' ? 413 : 429,
        body: { error: { code, message: 'Refused' } },
      }),
    });
    renderWithProviders(<DocumentVerifier />);
    await user.upload(await screen.findByLabelText(dropLabel), pdfFile());
    expect(await screen.findByRole('alert')).toHaveTextContent(/larger than 5 MB/);
    code = 'RATE_LIMITED';
    await user.upload(screen.getByLabelText(dropLabel), pdfFile());
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Too many attempts. Please wait a few minutes and try again.',
      ),
    );
  });

  it('shows no verdict for an answer that is not one, and says the check failed', async () => {
    const user = userEvent.setup();
    stubApi({ 'POST /api/v1/verify': { status: 200, body: { valid: 'yes' } } });
    renderWithProviders(<DocumentVerifier />);
    await user.upload(await screen.findByLabelText(dropLabel), pdfFile());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The document could not be checked. Please try again.',
    );
    expect(screen.queryByTestId('verify-result')).not.toBeInTheDocument();
  });

  it('shows the verdict in Arabic', async () => {
    const user = userEvent.setup();
    await i18next.changeLanguage('ar');
    await loadCatalogs(['statements']);
    stubApi({ 'POST /api/v1/verify': { status: 200, body: statement } });
    renderWithProviders(<DocumentVerifier />);
    await user.upload(await screen.findByLabelText('اختر ملف PDF للتحقق منه'), pdfFile());
    expect(
      await screen.findByRole('heading', { name: 'صادر عن سيكيور ڤولت ولم يُعدَّل' }),
    ).toBeVisible();
    expect(screen.getByTestId('verify-kind')).toHaveTextContent('كشف حساب شهري');
    expect(screen.getByTestId('verify-period')).toHaveTextContent('نوفمبر 2026');
  });
});
