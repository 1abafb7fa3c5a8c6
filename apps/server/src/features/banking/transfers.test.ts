// Asset transfers between customers (SPEC §2 /transfer-assets, §5, §8; DESIGN §5): confirmation
// of payee with a masked name, limited against enumeration; a whole custody item changes owner,
// part of a traded position or of cash moves, journaled on both sides; locked, in-delivery and
// other customers' valuables do not move; approved KYC is needed and impersonating staff are
// refused; a replayed Idempotency-Key moves nothing twice; both sides are emailed and the
// receiver's pages told; the receiver sees the transfer as received, from a masked sender.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotentReplayHeader } from '@secure-vault/shared';
import { luhnCheckDigit } from '@secure-vault/shared/auth';
import { profiles } from '../../db/schema.ts';
import { ledgerEntries, valuables } from '../../db/vault-schema.ts';
import { call, lastMail, mailCount, signUpStaff } from '../../test/auth-helpers.ts';
import { createCustomer, type Customer } from '../../test/customers.ts';
import { cashIdOf, moneyPost, verifiedCustomer } from '../../test/money-movements.ts';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app.ts';
import {
  cashOf,
  expectHoldingsMatchJournal,
  positionOf,
  trade,
  valuablesOf,
} from '../../test/trading.ts';
import {
  custodyItem,
  errorOf,
  impersonated,
  issuesOf,
  myTransfers,
  openSocket,
} from './transfer-test-support.ts';

const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const lookUp = (customer: Pick<Customer, 'cookie'> | null, accountNumber: string) =>
  call(t, 'GET', `/transfers/recipient?accountNumber=${accountNumber}`, undefined, {
    cookie: customer?.cookie,
  });

const send = (
  sender: Customer,
  receiver: Pick<Customer, 'accountNumber'>,
  valuableId: string,
  quantity?: string,
  key: string = randomUUID(),
) =>
  moneyPost(
    t,
    sender,
    '/transfers',
    {
      receiverAccountNumber: receiver.accountNumber,
      valuableId,
      ...(quantity === undefined ? {} : { quantity }),
    },
    key,
  );

/** A 10-digit account number with a valid check digit that no customer has. */
async function unusedAccountNumber(): Promise<string> {
  for (let n = 100_000_000; ; n++) {
    const body = String(n);
    const candidate = `${body}${luhnCheckDigit(body)}`;
    const [taken] = await t.ctx.db
      .select({ id: profiles.userId })
      .from(profiles)
      .where(eq(profiles.accountNumber, candidate));
    if (!taken) return candidate;
  }
}

/** A Luhn-invalid variant of a valid account number (its check digit changed). */
const luhnInvalid = (accountNumber: string) =>
  `${accountNumber.slice(0, -1)}${(Number(accountNumber.slice(-1)) + 1) % 10}`;

async function buy(customer: Customer, asset: string, quantity: string) {
  const res = await trade(t, customer, { side: 'buy', asset, quantity });
  expect(res.statusCode, res.body).toBe(201);
}

describe('confirmation of payee', () => {
  it('shows the receiver’s name masked: initials, never the length', async () => {
    const sender = await verifiedCustomer(t);
    const receiver = await verifiedCustomer(t);
    const res = await lookUp(sender, receiver.accountNumber);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      accountNumber: receiver.accountNumber,
      maskedName: 'A*** N*** H***',
    });
    // A customer without a name yet is shown by their email, masked.
    const unnamed = await createCustomer(t, { label: 'zed' });
    const masked = (await lookUp(sender, unnamed.accountNumber)).json<{ maskedName: string }>();
    expect(masked.maskedName).toBe('z***@e***.com');
    expect(masked.maskedName).not.toContain(unnamed.email.split('@')[0]);
  });

  it('refuses a Luhn-invalid number, an unknown one and the customer’s own', async () => {
    const sender = await verifiedCustomer(t);
    let res = await lookUp(sender, luhnInvalid(sender.accountNumber));
    expect(errorOf(res, 400).code).toBe('VALIDATION');
    expect(issuesOf(res)).toEqual([
      { path: 'querystring.accountNumber', message: 'transfers:errors.accountNumberCheck' },
    ]);
    res = await lookUp(sender, '12345');
    expect(errorOf(res, 400).code).toBe('VALIDATION');
    expect(issuesOf(res)).toContainEqual({
      path: 'querystring.accountNumber',
      message: 'transfers:errors.accountNumberLength',
    });
    res = await lookUp(sender, await unusedAccountNumber());
    expect(errorOf(res, 404)).toEqual({
      code: 'NOT_FOUND',
      message: 'No customer has this account number.',
    });
    res = await lookUp(sender, sender.accountNumber);
    expect(errorOf(res, 400).code).toBe('VALIDATION');
    expect(issuesOf(res)).toEqual([
      { path: 'querystring.accountNumber', message: 'transfers:errors.ownAccount' },
    ]);
  });

  it('allows 30 lookups in 15 minutes per customer, then refuses until the window passes', async () => {
    const sender = await verifiedCustomer(t);
    const other = await verifiedCustomer(t);
    const receiver = await verifiedCustomer(t);
    const unknown = await unusedAccountNumber();
    // Unknown numbers count too: they are what an enumeration would try.
    for (let i = 0; i < 30; i++) {
      const res = await lookUp(sender, i % 2 === 0 ? receiver.accountNumber : unknown);
      expect(res.statusCode).toBe(i % 2 === 0 ? 200 : 404);
    }
    expect(errorOf(await lookUp(sender, receiver.accountNumber), 429).code).toBe('RATE_LIMITED');
    // The limit is the customer's, not the receiver's.
    expect((await lookUp(other, receiver.accountNumber)).statusCode).toBe(200);
    clock.advance(15 * 60_000 + 1);
    expect((await lookUp(sender, receiver.accountNumber)).statusCode).toBe(200);
  });

  it('counts transfers to unknown numbers as lookups, and refuses them past the limit', async () => {
    const sender = await verifiedCustomer(t, { cash: '100' });
    const receiver = await verifiedCustomer(t);
    const cash = await cashIdOf(t, sender.userId);
    const unknown = await unusedAccountNumber();
    for (let i = 0; i < 26; i++) await lookUp(sender, unknown);
    // Transfers to a real customer do not use the budget up…
    for (let i = 0; i < 3; i++)
      expect((await send(sender, receiver, cash, '1')).statusCode).toBe(201);
    expect((await lookUp(sender, receiver.accountNumber)).statusCode).toBe(200);
    // …an unknown number does (the 28th to 30th), and past the limit a miss is refused.
    for (let i = 0; i < 3; i++) {
      expect(errorOf(await send(sender, { accountNumber: unknown }, cash, '1'), 404).code).toBe(
        'NOT_FOUND',
      );
    }
    expect(errorOf(await send(sender, { accountNumber: unknown }, cash, '1'), 429).code).toBe(
      'RATE_LIMITED',
    );
    expect(errorOf(await lookUp(sender, receiver.accountNumber), 429).code).toBe('RATE_LIMITED');
    // A real receiver is refused alike until the window passes, then the transfer goes through.
    expect(errorOf(await send(sender, receiver, cash, '1'), 429).code).toBe('RATE_LIMITED');
    expect(await cashOf(t, sender.userId)).toBe('97.00000000');
    clock.advance(15 * 60_000 + 1);
    expect((await send(sender, receiver, cash, '1')).statusCode).toBe(201);
    expect(await cashOf(t, sender.userId)).toBe('96.00000000');
  });

  it('answers a real and an unknown number alike once the limit is reached', async () => {
    const sender = await verifiedCustomer(t, { cash: '100' });
    const receiver = await verifiedCustomer(t);
    const cash = await cashIdOf(t, sender.userId);
    const unknown = await unusedAccountNumber();
    for (let i = 0; i < 30; i++) {
      expect((await lookUp(sender, unknown)).statusCode).toBe(404);
    }
    const answer = (res: { statusCode: number; json(): unknown }) => {
      const body = res.json() as { error?: { code: string; message: string } };
      return [res.statusCode, body.error?.code, body.error?.message];
    };
    const refused = [429, 'RATE_LIMITED', 'Too many account lookups. Please try again later.'];
    for (const accountNumber of [receiver.accountNumber, unknown, sender.accountNumber]) {
      // The lookup, a transfer of the caller's own cash, and one of a valuable that is not
      // theirs (which a real receiver would otherwise answer with its own 404).
      expect(answer(await lookUp(sender, accountNumber)), accountNumber).toEqual(refused);
      expect(answer(await send(sender, { accountNumber }, cash, '1')), accountNumber).toEqual(
        refused,
      );
      expect(
        answer(await send(sender, { accountNumber }, randomUUID(), '1')),
        accountNumber,
      ).toEqual(refused);
    }
    expect(await cashOf(t, sender.userId)).toBe('100.00000000');
  });

  it('is refused without a session', async () => {
    const receiver = await verifiedCustomer(t);
    expect(errorOf(await lookUp(null, receiver.accountNumber), 401).code).toBe('UNAUTHENTICATED');
  });
});

describe('sending a whole custody item', () => {
  it('changes its owner, journaled on both sides, and emails both', async () => {
    const sender = await verifiedCustomer(t);
    const receiver = await verifiedCustomer(t);
    const ring = await custodyItem(t, sender.userId, 'Diamond ring', '2500.00');
    const res = await send(sender, receiver, ring);
    expect(res.statusCode, res.body).toBe(201);
    const transfer = res.json();
    expect(transfer).toMatchObject({
      type: 'asset_transfer',
      status: 'completed',
      amount: '2500.00000000',
      direction: 'out',
      counterpartyAccountNumber: receiver.accountNumber,
      counterpartyName: 'A*** N*** H***',
      itemName: 'Diamond ring',
      assetSymbol: null,
      quantity: null,
      reference: null,
    });
    expect((await valuablesOf(t, sender.userId)).map((row) => row.id)).not.toContain(ring);
    const [moved] = (await valuablesOf(t, receiver.userId)).filter((row) => row.id === ring);
    expect(moved).toMatchObject({ itemName: 'Diamond ring', estimatedValue: '2500.00000000' });
    await expectHoldingsMatchJournal(t, sender.userId);
    await expectHoldingsMatchJournal(t, receiver.userId);
    const journal = await t.ctx.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reference, transfer.id));
    expect(
      journal.map((row) => [row.userId, row.kind, row.valueDelta, row.valuableId]).sort(),
    ).toEqual(
      [
        [sender.userId, 'transfer_out', '-2500.00000000', ring],
        [receiver.userId, 'transfer_in', '2500.00000000', ring],
      ].sort(),
    );

    const sent = await lastMail(t, sender.email);
    expect(sent?.subject).toBe('Transfer sent — Secure Vault');
    expect(sent?.text).toContain(
      `You sent Diamond ring to A*** N*** H*** (${receiver.accountNumber}).`,
    );
    const received = await lastMail(t, receiver.email);
    expect(received?.subject).toBe('You received a transfer — Secure Vault');
    expect(received?.text).toContain(
      `You received Diamond ring from A*** N*** H*** (${sender.accountNumber}).`,
    );
    expect(received?.text).toContain(transfer.id);
  });

  it('refuses a quantity: a custody item moves whole', async () => {
    const sender = await verifiedCustomer(t);
    const receiver = await verifiedCustomer(t);
    const ring = await custodyItem(t, sender.userId, 'Ring', '100');
    expect(errorOf(await send(sender, receiver, ring, '1'), 400).code).toBe('QUANTITY_INVALID');
    expect((await valuablesOf(t, sender.userId)).map((row) => row.id)).toContain(ring);
  });
});

describe('sending part of a traded position', () => {
  it('moves the quantity and its value, opening the receiver’s position, then adding to it', async () => {
    const sender = await verifiedCustomer(t, { cash: '100' });
    const receiver = await verifiedCustomer(t);
    await buy(sender, 'AU', '1000');
    const gold = await positionOf(t, sender.userId, 'AU');
    if (!gold) throw new Error('no gold');

    let res = await send(sender, receiver, gold.id, '250.5');
    expect(res.statusCode, res.body).toBe(201);
    // 250.5 mg × $0.057 = $14.2785
    expect(res.json()).toMatchObject({
      amount: '14.27850000',
      assetSymbol: 'AU',
      quantity: '250.50000000',
      itemName: gold.itemName,
    });
    expect(await positionOf(t, sender.userId, 'AU')).toMatchObject({
      quantity: '749.50000000',
      estimatedValue: '42.72150000',
    });
    const theirs = await positionOf(t, receiver.userId, 'AU');
    expect(theirs).toMatchObject({
      quantity: '250.50000000',
      estimatedValue: '14.27850000',
      unit: 'mg',
      itemName: gold.itemName,
      itemType: gold.itemType,
    });

    res = await send(sender, receiver, gold.id, '49.5');
    expect(res.statusCode, res.body).toBe(201);
    const added = await positionOf(t, receiver.userId, 'AU');
    // The same position, grown: one active position per asset.
    expect(added).toMatchObject({
      id: theirs?.id,
      quantity: '300.00000000',
      estimatedValue: '17.10000000',
    });
    expect(await positionOf(t, sender.userId, 'AU')).toMatchObject({ quantity: '700.00000000' });
    await expectHoldingsMatchJournal(t, sender.userId);
    await expectHoldingsMatchJournal(t, receiver.userId);
  });

  it('moves the whole position when no quantity is given, and it leaves the sender’s vault', async () => {
    const sender = await verifiedCustomer(t, { cash: '200' });
    const receiver = await verifiedCustomer(t);
    await buy(sender, 'BTC', '0.001');
    const bitcoin = await positionOf(t, sender.userId, 'BTC');
    const res = await send(sender, receiver, bitcoin?.id ?? '');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ amount: '115.00000000', quantity: '0.00100000' });
    expect(await positionOf(t, sender.userId, 'BTC')).toBeUndefined();
    expect(await positionOf(t, receiver.userId, 'BTC')).toMatchObject({ quantity: '0.00100000' });
    expect((await lastMail(t, sender.email))?.text).toContain(
      'You sent 0.001 units of Bitcoin ($115.00) to',
    );
    await expectHoldingsMatchJournal(t, sender.userId);
    await expectHoldingsMatchJournal(t, receiver.userId);
  });

  it('refuses more than is held, and more decimals than the asset has', async () => {
    const sender = await verifiedCustomer(t, { cash: '100' });
    const receiver = await verifiedCustomer(t);
    await buy(sender, 'AU', '100');
    const gold = await positionOf(t, sender.userId, 'AU');
    const id = gold?.id ?? '';
    const over = errorOf(await send(sender, receiver, id, '100.001'), 422);
    expect(over.code).toBe('INSUFFICIENT_HOLDING');
    expect(over.message).toBe('You want to transfer 100.001 mg of Gold but only hold 100.');
    expect(errorOf(await send(sender, receiver, id, '1.0001'), 400).code).toBe('QUANTITY_INVALID');
    expect(await positionOf(t, sender.userId, 'AU')).toMatchObject({ quantity: '100.00000000' });
    expect(await positionOf(t, receiver.userId, 'AU')).toBeUndefined();
  });
});

describe('sending cash', () => {
  it('moves part of it in whole cents, opening the receiver’s cash', async () => {
    const sender = await verifiedCustomer(t, { cash: '1000' });
    const receiver = await verifiedCustomer(t);
    const res = await send(sender, receiver, await cashIdOf(t, sender.userId), '125.25');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      amount: '125.25000000',
      assetSymbol: 'USD',
      quantity: null,
    });
    expect(await cashOf(t, sender.userId)).toBe('874.75000000');
    expect(await cashOf(t, receiver.userId)).toBe('125.25000000');
    await expectHoldingsMatchJournal(t, sender.userId);
    await expectHoldingsMatchJournal(t, receiver.userId);
    expect((await lastMail(t, receiver.email))?.text).toContain('You received $125.25 from');
  });

  it('moves all of it without a quantity, adding to the receiver’s cash', async () => {
    const sender = await verifiedCustomer(t, { cash: '40.10' });
    const receiver = await verifiedCustomer(t, { cash: '9.90' });
    const res = await send(sender, receiver, await cashIdOf(t, sender.userId));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ amount: '40.10000000' });
    expect(await cashOf(t, sender.userId)).toBe('0.00000000');
    expect(await cashOf(t, receiver.userId)).toBe('50.00000000');
    await expectHoldingsMatchJournal(t, sender.userId);
    await expectHoldingsMatchJournal(t, receiver.userId);
  });

  it('refuses more than the balance, and fractions of a cent', async () => {
    const sender = await verifiedCustomer(t, { cash: '50' });
    const receiver = await verifiedCustomer(t);
    const cash = await cashIdOf(t, sender.userId);
    const over = errorOf(await send(sender, receiver, cash, '50.01'), 422);
    expect(over).toEqual({
      code: 'INSUFFICIENT_CASH',
      message: 'You need $50.01 but only have $50.00 in cash.',
      details: { needed: '50.01', balance: '50' },
    });
    expect(errorOf(await send(sender, receiver, cash, '1.001'), 400).code).toBe('QUANTITY_INVALID');
    expect(await cashOf(t, sender.userId)).toBe('50.00000000');
    expect(await cashOf(t, receiver.userId)).toBe('0.00000000');
  });
});

describe('what may not move', () => {
  it('needs approved KYC', async () => {
    const sender = await createCustomer(t, { cash: '100' });
    const receiver = await verifiedCustomer(t);
    const res = await send(sender, receiver, await cashIdOf(t, sender.userId), '1');
    expect(errorOf(res, 403).code).toBe('KYC_REQUIRED');
    expect(await cashOf(t, sender.userId)).toBe('100.00000000');
  });

  it('is refused to a staff member signed in as the customer', async () => {
    const staff = await signUpStaff(t);
    const sender = await verifiedCustomer(t, { cash: '100' });
    const receiver = await verifiedCustomer(t);
    const res = await send(
      await impersonated(t, sender, staff.userId),
      receiver,
      await cashIdOf(t, sender.userId),
      '1',
    );
    expect(errorOf(res, 403).code).toBe('IMPERSONATION_FORBIDDEN');
    expect(await cashOf(t, sender.userId)).toBe('100.00000000');
  });

  it('refuses valuables fixed for a term or out for delivery', async () => {
    const sender = await verifiedCustomer(t, { cash: '100' });
    const receiver = await verifiedCustomer(t);
    await buy(sender, 'AG', '1000');
    const silver = await positionOf(t, sender.userId, 'AG');
    const painting = await custodyItem(t, sender.userId, 'Painting', '900', 'artwork');
    for (const [id, status, message] of [
      [
        painting,
        'locked',
        'Your Painting is fixed for a term and cannot be transferred until it ends.',
      ],
      [
        silver?.id ?? '',
        'in_delivery',
        'Your Silver is out for delivery and cannot be transferred.',
      ],
    ] as const) {
      await t.ctx.db.update(valuables).set({ status }).where(eq(valuables.id, id));
      for (const quantity of id === painting ? [undefined] : [undefined, '1']) {
        const refused = errorOf(await send(sender, receiver, id, quantity), 422);
        expect(refused).toEqual({ code: 'ASSET_UNAVAILABLE', message });
      }
    }
    expect(await valuablesOf(t, receiver.userId)).toEqual([]);
  });

  it('answers another customer’s valuable as a missing one', async () => {
    const sender = await verifiedCustomer(t);
    const owner = await verifiedCustomer(t);
    const ring = await custodyItem(t, owner.userId, 'Ring', '100');
    expect(errorOf(await send(sender, owner, ring), 404).code).toBe('NOT_FOUND');
    const receiver = await verifiedCustomer(t);
    expect(errorOf(await send(sender, receiver, ring), 404).code).toBe('NOT_FOUND');
    expect((await valuablesOf(t, owner.userId)).map((row) => row.id)).toEqual([ring]);
  });

  it('answers a delivered valuable as a missing one: it has left the vault', async () => {
    const sender = await verifiedCustomer(t);
    const receiver = await verifiedCustomer(t);
    const vase = await custodyItem(t, sender.userId, 'Vase', '300');
    await t.ctx.db.update(valuables).set({ status: 'delivered' }).where(eq(valuables.id, vase));
    expect(errorOf(await send(sender, receiver, vase), 404)).toEqual({
      code: 'NOT_FOUND',
      message: 'No such valuable.',
    });
    expect(await valuablesOf(t, receiver.userId)).toEqual([]);
  });

  it('refuses the customer’s own account and unknown ones', async () => {
    const sender = await verifiedCustomer(t, { cash: '10' });
    const cash = await cashIdOf(t, sender.userId);
    const own = await send(sender, sender, cash, '1');
    expect(errorOf(own, 400).code).toBe('VALIDATION');
    expect(issuesOf(own)).toEqual([
      { path: 'body.receiverAccountNumber', message: 'transfers:errors.ownAccount' },
    ]);
    const unknown = await send(sender, { accountNumber: await unusedAccountNumber() }, cash, '1');
    expect(errorOf(unknown, 404).code).toBe('NOT_FOUND');
    expect(await cashOf(t, sender.userId)).toBe('10.00000000');
  });

  it('needs an Idempotency-Key', async () => {
    const sender = await verifiedCustomer(t, { cash: '10' });
    const receiver = await verifiedCustomer(t);
    const res = await call(
      t,
      'POST',
      '/transfers',
      {
        receiverAccountNumber: receiver.accountNumber,
        valuableId: await cashIdOf(t, sender.userId),
        quantity: '1',
      },
      { cookie: sender.cookie },
    );
    expect(errorOf(res, 400).code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect(await cashOf(t, sender.userId)).toBe('10.00000000');
  });
});

describe('a replayed transfer', () => {
  it('answers the first answer again and moves nothing twice', async () => {
    const sender = await verifiedCustomer(t, { cash: '100' });
    const receiver = await verifiedCustomer(t);
    const cash = await cashIdOf(t, sender.userId);
    const key = randomUUID();
    const first = await send(sender, receiver, cash, '30', key);
    expect(first.statusCode).toBe(201);
    const mails = await mailCount(t, receiver.email);
    const again = await send(sender, receiver, cash, '30', key);
    expect(again.statusCode).toBe(201);
    expect(again.headers[idempotentReplayHeader]).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await cashOf(t, sender.userId)).toBe('70.00000000');
    expect(await cashOf(t, receiver.userId)).toBe('30.00000000');
    expect(await mailCount(t, receiver.email)).toBe(mails);
    // The same key with another body is refused.
    expect(errorOf(await send(sender, receiver, cash, '31', key), 422).code).toBe(
      'IDEMPOTENCY_KEY_REUSED',
    );
  });
});

describe('the receiver', () => {
  it('is told at once on their open pages', async () => {
    const sender = await verifiedCustomer(t, { cash: '10' });
    const receiver = await verifiedCustomer(t);
    const page = await openSocket(t, receiver.cookie);
    try {
      const res = await send(sender, receiver, await cashIdOf(t, sender.userId), '1');
      expect(res.statusCode).toBe(201);
      await page.waitFor(['valuables', 'requests']);
    } finally {
      page.close();
    }
  });

  it('sees the transfer as received, from the sender’s masked name', async () => {
    const sender = await verifiedCustomer(t, { cash: '10' });
    const receiver = await createCustomer(t);
    await t.ctx.db
      .update(profiles)
      .set({ fullName: 'Omar Khalid' })
      .where(eq(profiles.userId, receiver.userId));
    const sent = (await send(sender, receiver, await cashIdOf(t, sender.userId), '2.50')).json();
    const theirs = await myTransfers(t, receiver);
    expect(theirs.total).toBe(1);
    expect(theirs.items[0]).toMatchObject({
      id: sent.id,
      type: 'asset_transfer',
      status: 'completed',
      direction: 'in',
      amount: '2.50000000',
      counterpartyName: 'A*** N*** H***',
      counterpartyAccountNumber: sender.accountNumber,
    });
    const mine = await myTransfers(t, sender);
    expect(mine.items[0]).toMatchObject({
      id: sent.id,
      direction: 'out',
      counterpartyName: 'O*** K***',
      counterpartyAccountNumber: receiver.accountNumber,
    });
    // A third customer sees none of it.
    expect((await myTransfers(t, await createCustomer(t))).total).toBe(0);
  });
});
