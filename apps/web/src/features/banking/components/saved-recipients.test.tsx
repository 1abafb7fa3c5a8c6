// Saved recipients on /transfer-assets: picking one fills in its number, which confirmation of
// payee then checks like a typed one; the list loads, fails with a retry, or is empty; it is
// renamed and removed in its dialog, nicknames shown as text; after a transfer the receiver can be
// saved under a nickname, with the server's refusals said; and all of it in Arabic.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { loadCatalogs, renderWithProviders, stubApi } from '@/test/render';
import { toast } from '@/lib/toast';
import {
  completedTransfer,
  ownAccountNumber,
  receiverNumber,
  recipient,
  recipientPath,
  savedRecipients,
  savedRecipientsPath,
  valuables,
} from '@/test/transfer-test-data';
import { TransferFlow } from './transfer-flow';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

beforeAll(() => loadCatalogs(['banking', 'transfers', 'catalogue', 'vault', 'auth']));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18next.changeLanguage('en');
});

type Reply = Parameters<typeof stubApi>[0][string];
const [jane, landlord] = savedRecipients;
const failure = (status: number, code: string, issues: unknown[] = []) => ({
  status,
  body: { error: { code, message: 'Refused', issues } },
});

function renderFlow(routes: Record<string, Reply> = {}) {
  const fetchMock = stubApi({
    'GET /api/v1/me/valuables': { status: 200, body: valuables },
    [recipientPath(receiverNumber)]: { status: 200, body: recipient },
    [savedRecipientsPath]: { status: 200, body: savedRecipients },
    ...routes,
  });
  renderWithProviders(<TransferFlow ownAccountNumber={ownAccountNumber} />);
  return fetchMock;
}

const lookups = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([url]) => url.startsWith('/api/v1/transfers/recipient'));
const bodyOf = (init: RequestInit) =>
  typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;

describe('picking a saved recipient', () => {
  it('fills in the number, which confirmation of payee then checks', async () => {
    const user = userEvent.setup();
    const fetchMock = renderFlow();
    const picker = await screen.findByLabelText('Saved recipient');
    const options = within(picker).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Choose a saved recipient',
      `\u2068Jane (sister)\u2069 · \u2068${receiverNumber}\u2069`,
      '\u2068<b>Landlord</b>\u2069 · \u20685550001118\u2069',
    ]);
    // Markup in a nickname is text: nothing of it became an element.
    expect(picker.querySelector('b')).toBeNull();
    expect(lookups(fetchMock)).toHaveLength(0);

    await user.selectOptions(picker, jane!.id);
    expect(screen.getByLabelText('Receiver account number')).toHaveValue(receiverNumber);
    await waitFor(() =>
      expect(screen.getByTestId('recipient-status')).toHaveTextContent(
        'You are sending to: J*** D***',
      ),
    );
    expect(lookups(fetchMock)).toHaveLength(1);
    expect(picker).toHaveValue(jane!.id);
    // Typing another number leaves the saved recipient unchosen.
    const number = screen.getByLabelText('Receiver account number');
    await user.clear(number);
    await user.type(number, '4000');
    expect(picker).toHaveValue('');
  });

  it('says when there are none, shows placeholders while loading, and retries a failure', async () => {
    const user = userEvent.setup();
    let answer: { status: number; body?: unknown } = failure(500, 'INTERNAL');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = renderFlow({ [savedRecipientsPath]: () => answer });
    const reply = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url === '/api/v1/me/recipients') await held;
      return reply!(url, init);
    });
    expect(await screen.findByLabelText('Loading your saved recipients')).toHaveAttribute(
      'aria-busy',
      'true',
    );
    release();
    expect(await screen.findByText('Failed to load your saved recipients.')).toBeInTheDocument();
    answer = { status: 200, body: [] };
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('saved-recipients-empty')).toHaveTextContent(
      'No saved recipients yet.',
    );
    // The number can still be typed.
    expect(screen.getByLabelText('Receiver account number')).toBeEnabled();
  });
});

describe('managing saved recipients', () => {
  it('renames one, the nickname checked before it goes', async () => {
    const user = userEvent.setup();
    let list = savedRecipients;
    const sent: unknown[] = [];
    renderFlow({
      [savedRecipientsPath]: () => ({ status: 200, body: list }),
      [`PATCH /api/v1/me/recipients/${jane!.id}`]: (_url, init) => {
        sent.push(bodyOf(init));
        list = [{ ...jane!, nickname: 'Jane' }, landlord!];
        return { status: 200, body: list[0] };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Manage saved recipients' }));
    const dialog = await screen.findByRole('dialog', { name: 'Saved recipients' });
    const rows = within(dialog).getAllByTestId('managed-recipient');
    expect(rows[1]).toHaveTextContent('<b>Landlord</b>');
    expect(within(rows[0]!).getByText(receiverNumber)).toHaveAttribute('dir', 'ltr');

    await user.click(within(dialog).getByRole('button', { name: 'Rename Jane (sister)' }));
    const nickname = within(dialog).getByLabelText('Nickname');
    expect(nickname).toHaveFocus();
    await user.clear(nickname);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a nickname for this recipient.')).toBeVisible();
    await user.type(nickname, 'x'.repeat(41));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('A nickname can be at most 40 characters.'),
    ).toBeVisible();
    expect(sent).toEqual([]);

    await user.clear(nickname);
    await user.type(nickname, 'Jane');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Recipient renamed'));
    expect(sent).toEqual([{ nickname: 'Jane' }]);
    await waitFor(() =>
      expect(within(dialog).getAllByTestId('managed-nickname')[0]).toHaveTextContent('Jane'),
    );
    // Back on the row, where the rename began.
    expect(within(dialog).getByRole('button', { name: 'Rename Jane' })).toHaveFocus();
  });

  it('removes one after a confirmation', async () => {
    const user = userEvent.setup();
    let list = savedRecipients;
    const fetchMock = renderFlow({
      [savedRecipientsPath]: () => ({ status: 200, body: list }),
      [`DELETE /api/v1/me/recipients/${landlord!.id}`]: () => {
        list = [jane!];
        return { status: 204 };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Manage saved recipients' }));
    const dialog = await screen.findByRole('dialog', { name: 'Saved recipients' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove <b>Landlord</b>' }));
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Remove this saved recipient?',
    });
    expect(confirm).toHaveTextContent('5550001118');
    expect(within(confirm).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Recipient removed'));
    await waitFor(() => expect(within(dialog).getAllByTestId('managed-recipient')).toHaveLength(1));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1);
  });
});

describe('adding a saved recipient by hand', () => {
  it('saves a number and nickname, each refusal said on the number', async () => {
    const user = userEvent.setup();
    let list: typeof savedRecipients = [];
    const answers = [
      failure(404, 'NOT_FOUND'),
      failure(400, 'VALIDATION', [
        { path: 'body.accountNumber', message: 'banking:recipients.errors.ownAccount' },
      ]),
    ];
    const sent: unknown[] = [];
    renderFlow({
      [savedRecipientsPath]: () => ({ status: 200, body: list }),
      'POST /api/v1/me/recipients': (_url, init) => {
        sent.push(bodyOf(init));
        const refusal = answers.shift();
        if (refusal) return refusal;
        list = [jane!];
        return { status: 201, body: jane };
      },
    });
    expect(await screen.findByTestId('saved-recipients-empty')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Manage saved recipients' }));
    const dialog = await screen.findByRole('dialog', { name: 'Saved recipients' });
    expect(within(dialog).getByTestId('manage-recipients-empty')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add a recipient' }));
    const number = within(dialog).getByLabelText('Receiver account number');
    expect(number).toHaveFocus();
    await user.type(number, '98-7654-3217');
    expect(number).toHaveValue('9876543217');
    await user.type(within(dialog).getByLabelText('Nickname'), 'Jane (sister)');
    const submit = within(dialog).getByRole('button', { name: 'Save recipient' });
    await user.click(submit);
    expect(await within(dialog).findByText('No customer has this account number.')).toBeVisible();
    await user.click(submit);
    expect(
      await within(dialog).findByText(
        'This is your own account number: you cannot save it as a recipient.',
      ),
    ).toBeVisible();
    await user.clear(number);
    await user.type(number, receiverNumber);
    await user.click(submit);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Recipient saved'));
    expect(await within(dialog).findByTestId('managed-recipient')).toHaveTextContent(
      'Jane (sister)',
    );
    expect(sent.at(-1)).toEqual({ accountNumber: receiverNumber, nickname: 'Jane (sister)' });
    // The picker offers it at once.
    expect(screen.getByLabelText('Saved recipient', { selector: 'select' })).toBeInTheDocument();
  });

  it('is not offered once the list is full', async () => {
    const user = userEvent.setup();
    const full = Array.from({ length: 50 }, (_, n) => ({
      ...jane!,
      id: `7c1d2e3f-4a5b-4c6d-8e7f-${String(100 + n).padStart(12, '0')}`,
      nickname: `Recipient ${n}`,
    }));
    renderFlow({ [savedRecipientsPath]: { status: 200, body: full } });
    await user.click(await screen.findByRole('button', { name: 'Manage saved recipients' }));
    const dialog = await screen.findByRole('dialog', { name: 'Saved recipients' });
    expect(within(dialog).getByTestId('recipients-full')).toHaveTextContent(
      'You can save at most 50 recipients.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Add a recipient' })).toBeNull();
  });
});

describe('removing the last saved recipient', () => {
  it('keeps the dialog open, saying the list is empty', async () => {
    const user = userEvent.setup();
    let list = [jane!];
    renderFlow({
      [savedRecipientsPath]: () => ({ status: 200, body: list }),
      [`DELETE /api/v1/me/recipients/${jane!.id}`]: () => {
        list = [];
        return { status: 204 };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Manage saved recipients' }));
    const dialog = await screen.findByRole('dialog', { name: 'Saved recipients' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove Jane (sister)' }));
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByTestId('manage-recipients-empty')).toHaveTextContent(
      'You have no saved recipients.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('saved-recipients-empty')).toBeInTheDocument();
  });
});

describe('saving the receiver after a transfer', () => {
  async function sendTo(number: string) {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /Cash/ }));
    await user.type(screen.getByLabelText('Amount (USD)'), '100');
    await user.type(screen.getByLabelText('Receiver account number'), number);
    await screen.findByText('J*** D***');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm transfer' }));
    await screen.findByTestId('transfer-done');
    return user;
  }

  it('saves the number under the nickname typed, then says so', async () => {
    let list: typeof savedRecipients = [];
    const sent: unknown[] = [];
    renderFlow({
      [savedRecipientsPath]: () => ({ status: 200, body: list }),
      'POST /api/v1/transfers': { status: 201, body: completedTransfer() },
      'POST /api/v1/me/recipients': (_url, init) => {
        sent.push(bodyOf(init));
        list = [{ ...jane!, nickname: 'Jane' }];
        return { status: 201, body: list[0] };
      },
    });
    const user = await sendTo(receiverNumber);
    await user.click(screen.getByRole('button', { name: 'Save this recipient' }));
    const nickname = screen.getByLabelText('Nickname');
    expect(nickname).toHaveFocus();
    await user.type(nickname, 'Jane');
    await user.click(screen.getByRole('button', { name: 'Save this recipient' }));
    expect(await screen.findByTestId('recipient-saved-as')).toHaveTextContent('Saved as');
    expect(screen.getByTestId('recipient-saved-as')).toHaveTextContent('Jane');
    expect(sent).toEqual([{ accountNumber: receiverNumber, nickname: 'Jane' }]);
    expect(toast.success).toHaveBeenCalledWith('Recipient saved', expect.anything());
  });

  it('is not offered for a number already saved: its nickname is said instead', async () => {
    renderFlow({
      'POST /api/v1/transfers': { status: 201, body: completedTransfer() },
    });
    await sendTo(receiverNumber);
    expect(screen.getByTestId('recipient-saved-as')).toHaveTextContent('Jane (sister)');
    expect(screen.queryByRole('button', { name: 'Save this recipient' })).toBeNull();
  });

  it('says why the server refused', async () => {
    renderFlow({
      [savedRecipientsPath]: { status: 200, body: [] },
      'POST /api/v1/transfers': { status: 201, body: completedTransfer() },
      'POST /api/v1/me/recipients': failure(409, 'CONFLICT'),
    });
    const user = await sendTo(receiverNumber);
    await user.click(screen.getByRole('button', { name: 'Save this recipient' }));
    await user.type(screen.getByLabelText('Nickname'), 'Jane');
    await user.click(screen.getByRole('button', { name: 'Save this recipient' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Could not save the recipient', {
        description: 'You can save at most 50 recipients. Remove one to save another.',
      }),
    );
  });
});

describe('in Arabic', () => {
  it('speaks Arabic and keeps the account number left to right', async () => {
    const user = userEvent.setup();
    await i18next.changeLanguage('ar');
    renderFlow();
    const picker = await screen.findByLabelText('مستلم محفوظ');
    expect(within(picker).getAllByRole('option')[0]).toHaveTextContent('اختر مستلمًا محفوظًا');
    await user.click(screen.getByRole('button', { name: 'إدارة المستلمين المحفوظين' }));
    const dialog = await screen.findByRole('dialog', { name: 'المستلمون المحفوظون' });
    expect(within(dialog).getByText(receiverNumber)).toHaveAttribute('dir', 'ltr');
    expect(
      within(dialog).getByRole('button', { name: 'إعادة تسمية Jane (sister)' }),
    ).toBeInTheDocument();
  });
});
