// Helpers for the transfer, deposit and withdrawal tests: customers whose KYC is approved (as
// staff's decision would leave it), a bank account registered straight into the table (the code
// and name checks are the banking tests' concern), staff whose session passed two-factor, and the
// money calls as the web app makes them, each with its own Idempotency-Key unless one is given.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { backgroundWorkSettled } from '../auth/background-work.ts';
import { bankAccounts } from '../db/banking-schema.ts';
import { kycVerifications } from '../db/kyc-schema.ts';
import { profiles } from '../db/schema.ts';
import { cashSymbol } from '../db/vault-schema.ts';
import { call, enableTwoFactor, grantAdmin } from './auth-helpers.ts';
import { createCustomer, type Customer } from './customers.ts';
import type { TestApp } from './test-app.ts';
import { valuablesOf } from './trading.ts';

export const verifiedName = 'Amira Nour Haddad';

/** A signed-in customer with approved KYC, and `cash` dollars when given. */
export async function verifiedCustomer(
  t: TestApp,
  options: { cash?: string; label?: string } = {},
): Promise<Customer> {
  const customer = await createCustomer(t, options);
  await t.ctx.db.insert(kycVerifications).values({
    userId: customer.userId,
    status: 'approved',
    decidedAt: t.ctx.clock.now(),
  });
  await t.ctx.db
    .update(profiles)
    .set({ fullName: verifiedName, kycCompleted: true })
    .where(eq(profiles.userId, customer.userId));
  return customer;
}

/** A bank account of the customer's, as a completed registration leaves it; returns its id. */
export async function addBankAccount(t: TestApp, userId: string): Promise<string> {
  const [row] = await t.ctx.db
    .insert(bankAccounts)
    .values({
      userId,
      bankName: 'Emirates NBD',
      accountName: verifiedName,
      accountNumber: '1012345678901',
      // Unique per customer; the table does not check the checksum, registration does.
      iban: `GB82WEST${randomUUID().replace(/\D/g, '').padEnd(14, '0').slice(0, 14)}`,
      swiftCode: 'NWBKGB2L',
      branch: 'Dubai Mall',
    })
    .returning({ id: bankAccounts.id });
  if (!row) throw new Error('no bank account inserted');
  return row.id;
}

/** A staff member with two-factor on, in the session that turned it on (staff powers pass). */
export async function createStaffMember(t: TestApp): Promise<Customer> {
  const staff = await createCustomer(t, { label: 'staff' });
  await grantAdmin(t, staff.userId);
  await enableTwoFactor(t, staff.cookie);
  // Turning two-factor on mails a security notice after its answer: it is sent before the test
  // looks at the mail queue.
  await backgroundWorkSettled(t.ctx);
  return staff;
}

/** A money POST with the session and an Idempotency-Key (fresh unless given). */
export function moneyPost(
  t: TestApp,
  caller: Pick<Customer, 'cookie'>,
  url: string,
  body?: unknown,
  key: string = randomUUID(),
) {
  return call(t, 'POST', url, body, { cookie: caller.cookie, headers: { 'idempotency-key': key } });
}

export const withdraw = (t: TestApp, customer: Customer, bankAccountId: string, amount: string) =>
  moneyPost(t, customer, '/me/withdrawals', { bankAccountId, amount });

export const cancelWithdrawal = (t: TestApp, customer: Customer, id: string) =>
  moneyPost(t, customer, `/me/withdrawals/${id}/cancel`);

export const cardDeposit = (t: TestApp, customer: Customer, amount: string) =>
  moneyPost(t, customer, '/me/deposits/card', { amount, cardLastFour: '4242', cardType: 'Visa' });

export const assetToCash = (t: TestApp, customer: Customer, amount: string) =>
  moneyPost(t, customer, '/me/asset-to-cash', { amount });

/**
 * Staff propose making a request final (completed, failed or cancelled): 202 with a proposal
 * that takes effect when another staff member approves it (`settleApproved` in approvals.ts).
 */
export const settle = (
  t: TestApp,
  staff: Pick<Customer, 'cookie'>,
  type: string,
  id: string,
  status: 'completed' | 'failed' | 'cancelled',
  reason?: string,
) =>
  moneyPost(t, staff, `/admin/transfers/${type}/${id}/status`, {
    status,
    ...(reason ? { reason } : {}),
  });

/** Sends a valuable (whole without `quantity`) or part of it to the receiver's account. */
export const sendTransfer = (
  t: TestApp,
  sender: Customer,
  receiver: Pick<Customer, 'accountNumber'>,
  valuableId: string,
  quantity?: string,
) =>
  moneyPost(t, sender, '/transfers', {
    receiverAccountNumber: receiver.accountNumber,
    valuableId,
    ...(quantity ? { quantity } : {}),
  });

/** The id of the customer's cash position (they must have one). */
export async function cashIdOf(t: TestApp, userId: string): Promise<string> {
  const cash = (await valuablesOf(t, userId)).find(
    (row) => row.assetSymbol === cashSymbol && row.status === 'active',
  );
  if (!cash) throw new Error(`${userId} has no cash position`);
  return cash.id;
}
