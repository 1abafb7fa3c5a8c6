// Demo data for an empty database (issue 15 item 7): two staff members, four customers and a few
// weeks of history, made through the product's own code paths. The staff accounts are created as
// `npm run admin` creates them; everything else is asked of the real app in this process, as the
// web app would ask it (sign-up with its emailed code, the KYC wizard, deposits staff complete,
// trades, a transfer, a custody item, fixed terms, a delivery and its tracking), with the clock
// set back to spread the history over the last six weeks. Every staff change of value is a
// proposal one staff member makes and the other approves (DESIGN §4 "Dual control"); one book
// balance is left waiting for approval. Mail stays in the outbox, whatever MAIL_URL says. Never
// in production; refused when any customer exists.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, notExists } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { LedgerReport } from '@secure-vault/shared/ledger-check/contracts';
import { buildApp } from '../app.ts';
import { backgroundWorkSettled } from '../auth/background-work.ts';
import { createSession, sessionCookieName } from '../auth/sessions.ts';
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { mailOutbox, sessions, userRoles, users } from '../db/schema.ts';
import { ensureAdmin } from '../features/admin/ensure-admin.ts';
import { runDueJobs } from '../jobs/runner.ts';
import { reconcileLedger } from '../ledger/reconcile.ts';
import type { Logger } from '../logger.ts';
import { createMailer } from '../mail/mailer.ts';

/** The parts of the API's answers the seed reads back (checked, so a changed answer stops it). */
const idAnswer = z.object({ id: z.string() });
const accountAnswer = z.object({ accountNumber: z.string() });
const valuablesAnswer = z.array(
  z.object({
    id: z.string(),
    assetSymbol: z.string().nullable(),
    itemName: z.string(),
    status: z.string(),
  }),
);

export const demoDomain = 'demo.secure-vault.test';
export const demoStaffEmail = `staff@${demoDomain}`;
/** The second staff member, who approves what the first proposes. */
export const demoApproverEmail = `approver@${demoDomain}`;

export interface DemoAccount {
  name: string;
  email: string;
  accountNumber: string | null;
  note: string;
}

export type SeedOutcome =
  | { kind: 'refused'; message: string }
  | {
      kind: 'seeded';
      password: string;
      staff: { email: string; isNew: boolean; staff2fa: Config['staff2fa'] };
      /** The second staff member: approves the first one's changes. */
      approver: { email: string; isNew: boolean };
      customers: DemoAccount[];
      report: LedgerReport;
    };

const dayMs = 24 * 60 * 60_000;

/** A clock the seed sets: each step happens so many days (and hours) ago. */
function settableClock(now: Date) {
  let current = now.getTime();
  return {
    now: () => new Date(current),
    daysAgo(days: number, hour = 10) {
      const day = new Date(now.getTime() - days * dayMs);
      day.setUTCHours(hour, randomMinute(), 0, 0);
      current = Math.min(day.getTime(), now.getTime());
    },
    atNow() {
      current = now.getTime();
    },
  };
}

function randomMinute(): number {
  return randomBytes(1).readUInt8(0) % 60;
}

/** A 1×1 PNG: what the demo "uploads" as each side of an identity document. */
const documentImage = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

interface Person {
  key: 'layla' | 'omar' | 'sara' | 'james';
  firstName: string;
  surname: string;
  email: string;
  phone: string;
  ip: string;
}

const person = (
  key: Person['key'],
  firstName: string,
  surname: string,
  phone: string,
  ip: string,
): Person => ({ key, firstName, surname, phone, ip, email: `${key}@${demoDomain}` });

const people = {
  layla: person('layla', 'Layla', 'Haddad', '501234567', '198.51.100.11'),
  omar: person('omar', 'Omar', 'Khalil', '502345678', '198.51.100.12'),
  sara: person('sara', 'Sara', 'Mansour', '503456789', '198.51.100.13'),
  james: person('james', 'James', 'Carter', '504567890', '198.51.100.14'),
} satisfies Record<Person['key'], Person>;

const staffIp = '198.51.100.2';

class SeedStepError extends Error {
  override name = 'SeedStepError';
}

/** True when some account without the staff role exists. */
export async function hasCustomers(database: Database): Promise<boolean> {
  const [row] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(
      notExists(
        database.db
          .select({ userId: userRoles.userId })
          .from(userRoles)
          .where(and(eq(userRoles.userId, users.id), eq(userRoles.role, 'admin'))),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Fills an empty (migrated) database with the demo; refuses when a customer exists. */
export async function seedDemo(
  database: Database,
  config: Config,
  logger: Logger,
  now: Date = new Date(),
): Promise<SeedOutcome> {
  if (config.nodeEnv === 'production') {
    return { kind: 'refused', message: 'Demo data is never seeded in production.' };
  }
  if (await hasCustomers(database)) {
    return {
      kind: 'refused',
      message: 'The database already has customers; seed fills an empty one. Nothing was added.',
    };
  }
  const clock = settableClock(now);
  const ctx: AppContext = {
    // Staff act here without an authenticator (this process only); mail stays in the outbox;
    // no job runs on a timer (the seed runs the due ones at the times it chooses).
    config: { ...config, staff2fa: 'optional', mailUrl: undefined, jobIntervalMs: 0 },
    database,
    db: database.db,
    clock,
    logger,
    mailer: createMailer({ db: database.db, mailUrl: undefined, from: config.mailFrom, logger }),
  };
  const app = await buildApp(ctx);
  await app.ready();
  try {
    return await seedThrough(app, ctx, clock, config, now);
  } finally {
    await backgroundWorkSettled(ctx);
    await app.close();
  }
}

async function seedThrough(
  app: FastifyInstance,
  ctx: AppContext,
  clock: ReturnType<typeof settableClock>,
  config: Config,
  now: Date,
): Promise<SeedOutcome> {
  const password = `Demo-${randomBytes(9).toString('base64url')}`;
  const userIds = new Map<string, string>();
  const accountNumbers = new Map<string, string>();

  // ── Requests as the web app sends them ──────────────────────────────────────────────────
  async function send(
    who: string,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    body?: unknown,
    options: { ip?: string; multipart?: { payload: Buffer; contentType: string } } = {},
  ): Promise<unknown> {
    const headers: Record<string, string> = {
      'x-requested-with': 'secure-vault',
      'user-agent': 'secure-vault-seed',
      'accept-language': 'en',
    };
    if (method !== 'GET') headers['idempotency-key'] = randomUUID();
    const userId = userIds.get(who);
    if (userId) headers.cookie = `${sessionCookieName}=${await sessionOf(userId)}`;
    let payload: string | Buffer | undefined;
    if (options.multipart) {
      headers['content-type'] = options.multipart.contentType;
      payload = options.multipart.payload;
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await app.inject({
      method,
      url: `/api/v1${url}`,
      headers,
      ...(payload === undefined ? {} : { payload }),
      remoteAddress: options.ip ?? staffIp,
    });
    if (res.statusCode >= 300) {
      throw new SeedStepError(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
    }
    await backgroundWorkSettled(ctx);
    return res.body === '' ? null : res.json<unknown>();
  }

  // One session per account, opened at the seed's time of its first request.
  const tokens = new Map<string, string>();
  async function sessionOf(userId: string): Promise<string> {
    const known = tokens.get(userId);
    if (known) return known;
    const session = await createSession(ctx.db, {
      userId,
      now: clock.now(),
      userAgent: 'secure-vault-seed',
    });
    tokens.set(userId, session.token);
    return session.token;
  }
  function forgetSessions() {
    tokens.clear();
  }

  async function codeMailedTo(email: string): Promise<string> {
    await backgroundWorkSettled(ctx);
    const [mail] = await ctx.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(desc(mailOutbox.seq))
      .limit(1);
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new SeedStepError(`no code was mailed to ${email}`);
    return code;
  }

  const asPerson = (key: Person['key']) => people[key].email;

  async function signUp(key: Person['key']) {
    const p = people[key];
    await send('anonymous', 'POST', '/auth/sign-up', { email: p.email, password }, { ip: p.ip });
    const code = await codeMailedTo(p.email);
    await send('anonymous', 'POST', '/auth/sign-up/verify', { email: p.email, code }, { ip: p.ip });
    const [user] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, p.email));
    if (!user) throw new SeedStepError(`${p.email} was not created`);
    userIds.set(p.email, user.id);
    const account = accountAnswer.parse(await send(p.email, 'GET', '/me/profile'));
    accountNumbers.set(p.email, account.accountNumber);
  }

  function documentForm(side: 'front' | 'back') {
    const boundary = `----seed${randomBytes(8).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="side"\r\n\r\n${side}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="id-card-${side}.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      documentImage,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
  }

  async function submitKyc(key: Person['key']) {
    const p = people[key];
    await send(p.email, 'PUT', '/me/kyc/draft', {
      step: 16,
      data: {
        firstName: p.firstName,
        surname: p.surname,
        email: p.email,
        nationality: 'AE',
        dateOfBirth: '14/03/1988',
        street: 'Sheikh Zayed Road',
        building: 'Al Noor Tower',
        apartment: '1203',
        city: 'Dubai',
        postcode: '00000',
        countryCode: '+971',
        phoneNumber: p.phone,
        experience: '2-4',
        employment: 'employed',
        industry: 'financial-services',
        income: '100000-199999',
        wealth: '500000-999999',
        incomeOrigin: ['employment', 'savings'],
        currency: 'USD',
        documentCountry: 'AE',
        documentType: 'id-card',
        documentNumber: `784-1988-${p.phone.slice(-7)}-1`,
        documentExpiry: `31/12/${new Date().getUTCFullYear() + 4}`,
        termsAccepted: true,
      },
    });
    await send(
      p.email,
      'POST',
      '/me/kyc/phone-code',
      { countryCode: '+971', phoneNumber: p.phone },
      { ip: p.ip },
    );
    const code = await codeMailedTo(p.email);
    await send(p.email, 'POST', '/me/kyc/phone-code/verify', { code }, { ip: p.ip });
    for (const side of ['front', 'back'] as const) {
      await send(p.email, 'POST', '/me/kyc/documents', undefined, {
        ip: p.ip,
        multipart: documentForm(side),
      });
    }
    await send(p.email, 'POST', '/me/kyc/submit', undefined, { ip: p.ip });
  }

  const userIdOf = (email: string) => {
    const id = userIds.get(email);
    if (!id) throw new SeedStepError(`no account for ${email}`);
    return id;
  };

  async function approveKyc(key: Person['key']) {
    await send(demoStaffEmail, 'POST', `/admin/kyc/${userIdOf(asPerson(key))}/decision`, {
      decision: 'approve',
    });
  }

  async function cardDeposit(key: Person['key'], amount: string, lastFour: string) {
    const p = people[key];
    const deposit = idAnswer.parse(
      await send(
        p.email,
        'POST',
        '/me/deposits/card',
        {
          amount,
          cardLastFour: lastFour,
          cardType: lastFour.startsWith('5') ? 'Mastercard' : 'Visa',
        },
        { ip: p.ip },
      ),
    );
    return deposit.id;
  }

  /** A staff change as two people make it: the staff member proposes, the approver approves. */
  async function staffChange(method: 'POST' | 'PUT' | 'PATCH', url: string, body: unknown) {
    const proposal = idAnswer.parse(await send(demoStaffEmail, method, url, body));
    await send(demoApproverEmail, 'POST', `/admin/proposals/${proposal.id}/approve`);
  }

  async function completeDeposit(id: string) {
    await staffChange('POST', `/admin/transfers/card_deposit/${id}/status`, {
      status: 'completed',
    });
  }

  async function tradeAs(
    key: Person['key'],
    side: 'buy' | 'sell',
    asset: string,
    quantity: string,
  ) {
    await send(asPerson(key), 'POST', '/trades', { side, asset, quantity }, { ip: people[key].ip });
  }

  async function holdingId(key: Person['key'], symbolOrName: string): Promise<string> {
    const valuables = valuablesAnswer.parse(await send(asPerson(key), 'GET', '/me/valuables'));
    const found = valuables.find(
      (v) =>
        (v.assetSymbol === symbolOrName || v.itemName === symbolOrName) && v.status === 'active',
    );
    if (!found) throw new SeedStepError(`${key} holds no active ${symbolOrName}`);
    return found.id;
  }

  /** Each day's sessions are new: a real customer signs in again after a few days. */
  function onDay(days: number, hour = 10) {
    clock.daysAgo(days, hour);
    forgetSessions();
  }

  // ── Six weeks of history ────────────────────────────────────────────────────────────────
  onDay(42, 8);
  const staffResults: Record<string, Awaited<ReturnType<typeof ensureAdmin>>> = {};
  for (const email of [demoStaffEmail, demoApproverEmail]) {
    staffResults[email] = await ensureAdmin({ db: ctx.db, clock }, { email, password });
    const [staffUser] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email));
    if (!staffUser) throw new SeedStepError(`the staff account ${email} was not created`);
    userIds.set(email, staffUser.id);
  }

  onDay(40, 9);
  await signUp('layla');
  await submitKyc('layla');
  onDay(39, 11);
  await signUp('omar');
  await approveKyc('layla');
  await submitKyc('omar');
  onDay(38, 14);
  await approveKyc('omar');
  await completeDeposit(await cardDeposit('layla', '25000.00', '4242'));
  onDay(37, 10);
  await tradeAs('layla', 'buy', 'AU', '150000');
  await tradeAs('layla', 'buy', 'BTC', '0.05');
  await tradeAs('layla', 'buy', 'ETH', '1.2');
  // A one-month fixed term on part of her gold: it matures below, and its profit is paid.
  await send(
    asPerson('layla'),
    'POST',
    '/me/fixed-terms',
    { valuableId: await holdingId('layla', 'AU'), months: 1, quantity: '20000' },
    { ip: people.layla.ip },
  );
  onDay(36, 15);
  await completeDeposit(await cardDeposit('omar', '8000.00', '5454'));
  await tradeAs('omar', 'buy', 'AG', '2000000');
  await tradeAs('omar', 'buy', 'SOL', '10');
  onDay(34, 12);
  // Staff take a physical item into custody for Layla (proposed, then approved).
  await staffChange('POST', '/admin/valuables', {
    userId: userIdOf(asPerson('layla')),
    itemName: 'Diamond necklace',
    itemType: 'jewelry',
    estimatedValue: '12500.00',
    description: '18k white gold, 2.1 ct total; appraisal certificate on file',
    storageLocation: 'Vault A, box 14',
  });
  onDay(30, 16);
  await signUp('sara');
  await completeDeposit(await cardDeposit('sara', '3000.00', '4111'));
  await tradeAs('sara', 'buy', 'PT', '20000');
  onDay(25, 10);
  await tradeAs('layla', 'sell', 'AU', '10000');
  onDay(21, 13);
  await send(
    asPerson('layla'),
    'POST',
    '/transfers',
    {
      receiverAccountNumber: accountNumbers.get(asPerson('omar')),
      valuableId: await holdingId('layla', 'AU'),
      quantity: '5000',
    },
    { ip: people.layla.ip },
  );
  onDay(18, 9);
  await send(
    asPerson('omar'),
    'POST',
    '/swaps',
    { from: 'AG', to: 'XRP', quantity: '500000' },
    { ip: people.omar.ip },
  );
  onDay(12, 11);
  // A three-month term on part of Layla's bitcoin: still running.
  await send(
    asPerson('layla'),
    'POST',
    '/me/fixed-terms',
    { valuableId: await holdingId('layla', 'BTC'), months: 3, quantity: '0.02' },
    { ip: people.layla.ip },
  );
  onDay(10, 15);
  const delivery = idAnswer.parse(
    await send(
      asPerson('omar'),
      'POST',
      '/me/deliveries',
      {
        valuableId: await holdingId('omar', 'AG'),
        quantity: '1000000',
        recipientName: 'Omar Khalil',
        recipientEmail: asPerson('omar'),
        recipientPhone: '+971502345678',
        recipientAddress: 'Villa 12, Street 4, Jumeirah 1, Dubai',
      },
      { ip: people.omar.ip },
    ),
  );
  onDay(9, 10);
  await send(demoStaffEmail, 'POST', `/admin/deliveries/${delivery.id}/status`, {
    status: 'processing',
  });
  await send(demoStaffEmail, 'POST', `/admin/deliveries/${delivery.id}/tracking`, {
    status: 'processing',
    location: 'Secure Vault, Dubai',
    message: 'Packed and sealed; awaiting the armoured courier.',
  });
  onDay(6, 17);
  await signUp('james');
  // The first term's maturity, taken by the job runner once it is due.
  onDay(5, 6);
  await runDueJobs(ctx, clock.now());
  onDay(4, 11);
  await submitKyc('sara');
  onDay(1, 18);
  // A card deposit waiting for staff.
  await cardDeposit('james', '1500.00', '4000');
  // A book balance the staff member recorded and nobody has approved yet: its proposal waits in
  // the approver's queue (four eyes), and Sara's dashboard shows it as "Pending approval".
  await send(demoStaffEmail, 'PUT', `/admin/users/${userIdOf(asPerson('sara'))}/book-balance`, {
    bookBalance: '250.00',
  });

  // The seed's own sessions end: the demo's people sign in with the password.
  clock.atNow();
  const seeded = [...userIds.values()];
  await ctx.db
    .update(sessions)
    .set({ revokedAt: clock.now() })
    .where(and(inArray(sessions.userId, seeded), isNull(sessions.revokedAt)));

  const report = await reconcileLedger(ctx.db, now);
  const notes: Record<Person['key'], string> = {
    layla: 'KYC approved; cash, gold, bitcoin, ether, a diamond necklace in custody, fixed terms',
    omar: 'KYC approved; silver, Solana, XRP, gold received by transfer, a delivery in processing',
    sara: 'KYC submitted and under review; cash, platinum, a book balance pending approval',
    james: 'New customer; a card deposit waiting for staff',
  };
  return {
    kind: 'seeded',
    password,
    staff: {
      email: demoStaffEmail,
      isNew: staffResults[demoStaffEmail] === 'created',
      staff2fa: config.staff2fa,
    },
    approver: { email: demoApproverEmail, isNew: staffResults[demoApproverEmail] === 'created' },
    customers: Object.values(people).map((p) => ({
      name: `${p.firstName} ${p.surname}`,
      email: p.email,
      accountNumber: accountNumbers.get(p.email) ?? null,
      note: notes[p.key],
    })),
    report,
  };
}
