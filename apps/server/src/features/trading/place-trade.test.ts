import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { assets, findAsset, priceOf, quantityDecimals } from '@secure-vault/shared/catalogue';
import { centsUp, dec } from '@secure-vault/shared/money';
import { createSession } from '../../auth/sessions.ts';
import { valuables } from '../../db/vault-schema.ts';
import { call } from '../../test/auth-helpers.ts';
import { createCustomer, depositCash } from '../../test/customers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  cashOf,
  expectHoldingsMatchJournal,
  journalOf,
  positionOf,
  trade,
  valuablesOf,
} from '../../test/trading.ts';
import { createUser } from '../../test/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type ByAmount = [quantity: string, total: string] | 'BELOW';

// Computed once by hand-checkable arithmetic (quantity × listed price, exact), not at run time:
// the smallest quantity that reaches $0.01, that plus 7 quantity steps, a large quantity, and
// buys by amount of $0.01, $1 and $99.99 (quantity rounded down to the asset's step).
const pricing: [
  symbol: string,
  minimumQuantity: string,
  minimumTotal: string,
  sevenStepsMore: string,
  sevenStepsTotal: string,
  largeQuantity: string,
  largeTotal: string,
  cent: ByAmount,
  dollar: ByAmount,
  almostHundred: ByAmount,
][] = [
  [
    'RH',
    '0.016',
    '0.01008000',
    '0.023',
    '0.01449000',
    '987654.321',
    '622222.22223000',
    'BELOW',
    ['1.58700000', '0.99981000'],
    ['158.71400000', '99.98982000'],
  ],
  [
    'IR',
    '0.046',
    '0.01012000',
    '0.053',
    '0.01166000',
    '987654.321',
    '217283.95062000',
    'BELOW',
    ['4.54500000', '0.99990000'],
    ['454.50000000', '99.99000000'],
  ],
  [
    'AU',
    '0.176',
    '0.01003200',
    '0.183',
    '0.01043100',
    '987654.321',
    '56296.29629700',
    'BELOW',
    ['17.54300000', '0.99995100'],
    ['1754.21000000', '99.98997000'],
  ],
  [
    'PD',
    '0.25',
    '0.01000000',
    '0.257',
    '0.01028000',
    '987654.321',
    '39506.17284000',
    ['0.25000000', '0.01000000'],
    ['25.00000000', '1.00000000'],
    ['2499.75000000', '99.99000000'],
  ],
  [
    'PT',
    '0.25',
    '0.01000000',
    '0.257',
    '0.01028000',
    '987654.321',
    '39506.17284000',
    ['0.25000000', '0.01000000'],
    ['25.00000000', '1.00000000'],
    ['2499.75000000', '99.99000000'],
  ],
  [
    'OS',
    '0.834',
    '0.01000800',
    '0.841',
    '0.01009200',
    '987654.321',
    '11851.85185200',
    'BELOW',
    ['83.33300000', '0.99999600'],
    ['8332.50000000', '99.99000000'],
  ],
  [
    'RE',
    '4.167',
    '0.01000080',
    '4.174',
    '0.01001760',
    '987654.321',
    '2370.37037040',
    'BELOW',
    ['416.66600000', '0.99999840'],
    ['41662.50000000', '99.99000000'],
  ],
  [
    'AG',
    '11.905',
    '0.01000020',
    '11.912',
    '0.01000608',
    '987654.321',
    '829.62962964',
    'BELOW',
    ['1190.47600000', '0.99999984'],
    ['119035.71400000', '99.98999976'],
  ],
  [
    'BTC',
    '0.00000009',
    '0.01035000',
    '0.00000016',
    '0.01840000',
    '987654.32198765',
    '113580247028.57975000',
    'BELOW',
    ['0.00000869', '0.99935000'],
    ['0.00086947', '99.98905000'],
  ],
  [
    'ETH',
    '0.00000274',
    '0.01000100',
    '0.00000281',
    '0.01025650',
    '987654.32198765',
    '3604938275.25492250',
    'BELOW',
    ['0.00027397', '0.99999050'],
    ['0.02739452', '99.98999800'],
  ],
  [
    'XRP',
    '0.00339',
    '0.01000050',
    '0.003397',
    '0.01002115',
    '987654.321987',
    '2913580.24986165',
    'BELOW',
    ['0.33898300', '0.99999985'],
    ['33.89491500', '99.98999925'],
  ],
  [
    'BNB',
    '0.00001299',
    '0.01000230',
    '0.00001306',
    '0.01005620',
    '987654.32198765',
    '760493827.93049050',
    'BELOW',
    ['0.00129870', '0.99999900'],
    ['0.12985714', '99.98999780'],
  ],
  [
    'SOL',
    '0.00005918',
    '0.01000142',
    '0.00005925',
    '0.01001325',
    '987654.32198765',
    '166913580.41591285',
    'BELOW',
    ['0.00591715', '0.99999835'],
    ['0.59165680', '99.98999920'],
  ],
  [
    'DOGE',
    '0.04879',
    '0.01000195',
    '0.04886',
    '0.01001630',
    '987654.32198',
    '202469.13600590',
    'BELOW',
    ['4.87804000', '0.99999820'],
    ['487.75609000', '99.98999845'],
  ],
  [
    'ADA',
    '0.013699',
    '0.01000027',
    '0.013706',
    '0.01000538',
    '987654.321987',
    '720987.65505051',
    'BELOW',
    ['1.36986300', '0.99999999'],
    ['136.97260200', '99.98999946'],
  ],
  [
    'TRX',
    '0.02968',
    '0.01000216',
    '0.02975',
    '0.01002575',
    '987654.32198',
    '332839.50650726',
    'BELOW',
    ['2.96735000', '0.99999695'],
    ['296.70623000', '99.98999951'],
  ],
  [
    'AVAX',
    '0.000456',
    '0.01000464',
    '0.000463',
    '0.01015822',
    '987654.321987',
    '21669135.82439478',
    'BELOW',
    ['0.04557800', '0.99998132'],
    ['4.55742900', '99.98999226'],
  ],
  [
    'SHIB',
    '833.34',
    '0.01000008',
    '833.41',
    '0.01000092',
    '987654.32',
    '11.85185184',
    'BELOW',
    ['83333.33000000', '0.99999996'],
    ['8332500.00000000', '99.99000000'],
  ],
  [
    'BCH',
    '0.00001764',
    '0.01000188',
    '0.00001771',
    '0.01004157',
    '987654.32198765',
    '560000000.56699755',
    'BELOW',
    ['0.00176366', '0.99999522'],
    ['0.17634920', '99.98999640'],
  ],
  [
    'LTC',
    '0.00009434',
    '0.01000004',
    '0.00009441',
    '0.01000746',
    '987654.32198765',
    '104691358.13069090',
    'BELOW',
    ['0.00943396', '0.99999976'],
    ['0.94330188', '99.98999928'],
  ],
  [
    'LINK',
    '0.00071429',
    '0.01000006',
    '0.00071436',
    '0.01000104',
    '987654.32198765',
    '13827160.50782710',
    'BELOW',
    ['0.07142857', '0.99999998'],
    ['7.14214285', '99.98999990'],
  ],
  [
    'DOT',
    '0.002771',
    '0.01000331',
    '0.002778',
    '0.01002858',
    '987654.321987',
    '3565432.10237307',
    'BELOW',
    ['0.27700800', '0.99999888'],
    ['27.69806000', '99.98999660'],
  ],
  [
    'MATIC',
    '0.02381',
    '0.01000020',
    '0.023817',
    '0.01000314',
    '987654.321987',
    '414814.81523454',
    'BELOW',
    ['2.38095200', '0.99999984'],
    ['238.07142800', '99.98999976'],
  ],
  [
    'TON',
    '0.0016394',
    '0.01000034',
    '0.0016401',
    '0.01000461',
    '987654.3219876',
    '6024691.36412436',
    'BELOW',
    ['0.16393440', '0.99999984'],
    ['16.39180320', '99.98999952'],
  ],
  [
    'ICP',
    '0.0012346',
    '0.01000026',
    '0.0012353',
    '0.01000593',
    '987654.3219876',
    '8000000.00809956',
    'BELOW',
    ['0.12345670', '0.99999927'],
    ['12.34444440', '99.98999964'],
  ],
  [
    'UNI',
    '0.0013514',
    '0.01000036',
    '0.0013521',
    '0.01000554',
    '987654.3219876',
    '7308641.98270824',
    'BELOW',
    ['0.13513510', '0.99999974'],
    ['13.51216210', '99.98999954'],
  ],
  [
    'XLM',
    '0.1',
    '0.01000000',
    '0.1000007',
    '0.01000007',
    '987654.3219876',
    '98765.43219876',
    ['0.10000000', '0.01000000'],
    ['10.00000000', '1.00000000'],
    ['999.90000000', '99.99000000'],
  ],
  [
    'VET',
    '0.43479',
    '0.01000017',
    '0.43486',
    '0.01000178',
    '987654.32198',
    '22716.04940554',
    'BELOW',
    ['43.47826000', '0.99999998'],
    ['4347.39130000', '99.98999990'],
  ],
];

describe('pricing through the API', () => {
  it('covers every catalogue entry', () => {
    expect(pricing.map(([symbol]) => symbol).sort()).toEqual(assets.map((a) => a.symbol).sort());
  });

  it.each(pricing)(
    '%s: moves the holding by quantity × listed price exactly, and cash in whole cents',
    async (symbol, minQuantity, minTotal, sevenMore, sevenTotal, large, largeTotal, ...amounts) => {
      const asset = findAsset(symbol)!;
      const step = dec(1).dividedBy(dec(10).pow(quantityDecimals(asset)));
      const customer = await createCustomer(t, { cash: '200000000000' });
      let cash = dec(await cashOf(t, customer.userId));
      let held = dec(0);
      // By amount the customer pays the amount; by quantity, the value rounded up to the cent.
      const expectBought = async (
        order: { quantity: string } | { total: string },
        quantity: string,
        value: string,
      ) => {
        const res = await trade(t, customer, {
          side: 'buy',
          asset: symbol.toLowerCase(),
          ...order,
        });
        expect(res.statusCode, res.body).toBe(201);
        // Cash in an answer is dollars and cents: "70.38", not the stored "70.38000000".
        const total = ('total' in order ? dec(order.total) : centsUp(value)).toFixed(2);
        cash = cash.minus(total);
        held = held.plus(quantity);
        expect(res.json()).toMatchObject({
          side: 'buy',
          asset: symbol,
          quantity: dec(quantity).toFixed(8),
          price: asset.price,
          value,
          total,
          cashBalance: cash.toFixed(2),
          holdingQuantity: held.toFixed(8),
        });
      };
      for (const below of [step, dec(minQuantity).minus(step)]) {
        const res = await trade(t, customer, {
          side: 'buy',
          asset: symbol,
          quantity: below.toFixed(),
        });
        expect(res.statusCode).toBe(422);
        expect(res.json().error.code).toBe('BELOW_MINIMUM');
      }
      await expectBought({ quantity: minQuantity }, minQuantity, minTotal);
      await expectBought({ quantity: sevenMore }, sevenMore, sevenTotal);
      await expectBought({ quantity: large }, large, largeTotal);
      for (const [amount, expected] of [
        ['0.01', amounts[0]],
        ['1', amounts[1]],
        ['99.99', amounts[2]],
      ] as const) {
        if (expected === 'BELOW') {
          const res = await trade(t, customer, { side: 'buy', asset: symbol, total: amount });
          expect(res.json().error.code).toBe('BELOW_MINIMUM');
        } else {
          await expectBought({ total: amount }, expected[0], expected[1]);
        }
      }
      const position = await positionOf(t, customer.userId, symbol);
      expect(position?.quantity).toBe(held.toFixed(8));
      expect(position?.estimatedValue).toBe(held.times(priceOf(asset)).toFixed(8));
      expect(await cashOf(t, customer.userId)).toBe(cash.toFixed(8));
      await expectHoldingsMatchJournal(t, customer.userId);
    },
  );
});

describe('buying', () => {
  it('keeps a new metal in the Secure Vault and crypto in the Digital Wallet, one position each', async () => {
    const customer = await createCustomer(t, { cash: '1000' });
    expect(
      (await trade(t, customer, { side: 'buy', asset: 'au', quantity: '100' })).statusCode,
    ).toBe(201);
    expect(
      (await trade(t, customer, { side: 'buy', asset: 'AU', quantity: '50.5' })).statusCode,
    ).toBe(201);
    expect((await trade(t, customer, { side: 'buy', asset: 'eth', total: '100' })).statusCode).toBe(
      201,
    );
    const rows = await valuablesOf(t, customer.userId);
    expect(
      rows.map((r) => [
        r.assetSymbol,
        r.itemName,
        r.itemType,
        r.unit,
        r.storageLocation,
        r.quantity,
        r.estimatedValue,
      ]),
    ).toEqual([
      ['AU', 'Gold', 'precious_metals', 'mg', 'Secure Vault', '150.50000000', '8.57850000'],
      ['ETH', 'Ethereum', 'crypto', 'units', 'Digital Wallet', '0.02739726', '99.99999900'],
      // $5.70 (5.7 exactly), $2.88 (2.8785 rounded up to the cent), $100 (the amount typed).
      ['USD', 'Cash', 'cash', null, 'Account', null, '891.42000000'],
    ]);
  });

  it('journals cash out and the asset in under one trade reference', async () => {
    const customer = await createCustomer(t, { cash: '10' });
    const res = await trade(t, customer, { side: 'buy', asset: 'XRP', quantity: '2' });
    const { reference } = res.json();
    const rows = (await journalOf(t, customer.userId)).filter((r) => r.reference === reference);
    expect(
      rows.map((r) => [r.kind, r.assetSymbol, r.quantityDelta, r.valueDelta, r.actorId]),
    ).toEqual(
      expect.arrayContaining([
        ['buy', 'USD', null, '-5.90000000', null],
        ['buy', 'XRP', '2.00000000', '5.90000000', null],
      ]),
    );
    expect(rows).toHaveLength(2);
  });

  it('refuses more than the cash, with the amounts', async () => {
    const customer = await createCustomer(t, { cash: '100' });
    const res = await trade(t, customer, { side: 'buy', asset: 'BTC', quantity: '0.001' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({
      code: 'INSUFFICIENT_CASH',
      message: 'You need $115.00 but only have $100.00 in cash.',
      // The figures themselves, so the trade panel need not ask for the balance again.
      details: { needed: '115', balance: '100' },
    });
    expect(await cashOf(t, customer.userId)).toBe('100.00000000');
    expect(await positionOf(t, customer.userId, 'BTC')).toBeUndefined();
  });

  it('names the staff member when a trade is placed while impersonating', async () => {
    const customer = await createUser(t);
    const staff = await createUser(t, 'staff');
    const session = await createSession(t.ctx.db, {
      userId: customer.userId,
      now: t.ctx.clock.now(),
      userAgent: null,
      impersonatorId: staff.userId,
    });
    await depositCash(t, customer.userId, '5');
    const res = await trade(t, { cookie: session.token }, { side: 'buy', asset: 'AG', total: '1' });
    expect(res.statusCode).toBe(201);
    const rows = (await journalOf(t, customer.userId)).filter((r) => r.kind === 'buy');
    expect(rows.map((r) => r.actorId)).toEqual([staff.userId, staff.userId]);
  });
});

describe('selling', () => {
  it('sells part of a holding at the listed price', async () => {
    const customer = await createCustomer(t, { cash: '100' });
    await trade(t, customer, { side: 'buy', asset: 'PT', quantity: '1000' });
    const res = await trade(t, customer, { side: 'sell', asset: 'pt', quantity: '250.5' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      side: 'sell',
      asset: 'PT',
      quantity: '250.50000000',
      total: '10.02',
      cashBalance: '70.02',
      holdingQuantity: '749.50000000',
    });
    const position = await positionOf(t, customer.userId, 'PT');
    expect([position?.quantity, position?.estimatedValue]).toEqual(['749.50000000', '29.98000000']);
    const sale = (await journalOf(t, customer.userId)).filter((r) => r.kind === 'sell');
    expect(sale.map((r) => [r.assetSymbol, r.quantityDelta, r.valueDelta])).toEqual(
      expect.arrayContaining([
        ['PT', '-250.50000000', '-10.02000000'],
        ['USD', null, '10.02000000'],
      ]),
    );
  });

  it('sells by amount: enough quantity to raise it, paid in whole cents', async () => {
    const customer = await createCustomer(t, { cash: '100' });
    await trade(t, customer, { side: 'buy', asset: 'DOGE', quantity: '100' });
    const res = await trade(t, customer, { side: 'sell', asset: 'DOGE', total: '10' });
    // 10 ÷ 0.205 = 48.7804878… rounded up to 5 decimals, worth $10.00000045: $10.00 paid.
    expect(res.json()).toMatchObject({
      quantity: '48.78049000',
      value: '10.00000045',
      total: '10.00',
    });
  });

  it('deletes the holding when everything is sold; its journal rows stay', async () => {
    const customer = await createCustomer(t, { cash: '100' });
    await trade(t, customer, { side: 'buy', asset: 'SOL', quantity: '0.5' });
    const { id } = (await positionOf(t, customer.userId, 'SOL'))!;
    const res = await trade(t, customer, { side: 'sell', asset: 'SOL', quantity: '0.5' });
    expect(res.json()).toMatchObject({
      holdingQuantity: '0.00000000',
      cashBalance: '100.00',
    });
    expect(await positionOf(t, customer.userId, 'SOL')).toBeUndefined();
    const rows = (await journalOf(t, customer.userId)).filter((r) => r.valuableId === id);
    expect(rows.map((r) => [r.kind, r.quantityDelta, r.valueDelta])).toEqual([
      ['buy', '0.50000000', '84.50000000'],
      ['sell', '-0.50000000', '-84.50000000'],
    ]);
    await expectHoldingsMatchJournal(t, customer.userId);
  });

  it('refuses to sell more than is held, or what is not held', async () => {
    const customer = await createCustomer(t, { cash: '100' });
    await trade(t, customer, { side: 'buy', asset: 'LINK', quantity: '1' });
    for (const [asset, quantity] of [
      ['LINK', '1.00000001'],
      ['UNI', '1'],
    ]) {
      const res = await trade(t, customer, { side: 'sell', asset, quantity });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe('INSUFFICIENT_HOLDING');
    }
    expect((await positionOf(t, customer.userId, 'LINK'))?.quantity).toBe('1.00000000');
  });

  it.each(['locked', 'in_delivery'] as const)('refuses to sell a %s holding', async (status) => {
    const customer = await createCustomer(t, { cash: '100' });
    await trade(t, customer, { side: 'buy', asset: 'RH', quantity: '10' });
    await t.ctx.db
      .update(valuables)
      .set({ status })
      .where(and(eq(valuables.userId, customer.userId), eq(valuables.assetSymbol, 'RH')));
    const res = await trade(t, customer, { side: 'sell', asset: 'RH', quantity: '1' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('ASSET_UNAVAILABLE');
    expect(await cashOf(t, customer.userId)).toBe('93.70000000');
  });
});

describe('refusals', () => {
  const cases: [name: string, body: object, status: number, code: string][] = [
    ['an unknown asset', { side: 'buy', asset: 'DOGGO', quantity: '1' }, 400, 'UNKNOWN_ASSET'],
    ['cash as an asset', { side: 'buy', asset: 'USD', quantity: '1' }, 400, 'UNKNOWN_ASSET'],
    [
      'a quantity that is not a number',
      { side: 'buy', asset: 'AU', quantity: 'abc' },
      400,
      'QUANTITY_INVALID',
    ],
    ['an exponent', { side: 'buy', asset: 'AU', quantity: '1e3' }, 400, 'QUANTITY_INVALID'],
    [
      'a number instead of a string',
      { side: 'buy', asset: 'AU', quantity: 5 },
      400,
      'QUANTITY_INVALID',
    ],
    ['zero', { side: 'buy', asset: 'AU', quantity: '0' }, 400, 'QUANTITY_INVALID'],
    ['a negative quantity', { side: 'sell', asset: 'AU', quantity: '-1' }, 400, 'QUANTITY_INVALID'],
    [
      'too many decimals',
      { side: 'buy', asset: 'AU', quantity: '1.0001' },
      400,
      'QUANTITY_INVALID',
    ],
    [
      'too many decimals of SHIB',
      { side: 'buy', asset: 'SHIB', quantity: '1000.001' },
      400,
      'QUANTITY_INVALID',
    ],
    [
      'an absurd quantity',
      { side: 'buy', asset: 'AG', quantity: '1000000000000.001' },
      400,
      'QUANTITY_INVALID',
    ],
    [
      'an absurd total',
      { side: 'buy', asset: 'AG', total: '99999999999999' },
      400,
      'QUANTITY_INVALID',
    ],
    ['cents of cents', { side: 'buy', asset: 'AG', total: '1.001' }, 400, 'QUANTITY_INVALID'],
    [
      'both quantity and total',
      { side: 'buy', asset: 'AU', quantity: '1', total: '1' },
      400,
      'QUANTITY_INVALID',
    ],
    ['neither quantity nor total', { side: 'buy', asset: 'AU' }, 400, 'QUANTITY_INVALID'],
    ['under one cent', { side: 'buy', asset: 'AU', quantity: '0.175' }, 422, 'BELOW_MINIMUM'],
    [
      // The price a client names is only compared with the book's, never filled at.
      'a price from the client far from the book',
      { side: 'buy', asset: 'AU', quantity: '1', price: '0.01' },
      409,
      'PRICE_CHANGED',
    ],
    [
      'a price that is not a number',
      { side: 'buy', asset: 'AU', quantity: '1', price: 'cheap' },
      400,
      'VALIDATION',
    ],
    ['another side', { side: 'short', asset: 'AU', quantity: '1' }, 400, 'VALIDATION'],
  ];
  it.each(cases)('refuses %s', async (_name, body, status, code) => {
    const customer = await createCustomer(t, { cash: '1000' });
    const res = await trade(t, customer, body);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.code).toBe(code);
    expect(await cashOf(t, customer.userId)).toBe('1000.00000000');
    expect(await journalOf(t, customer.userId)).toHaveLength(1);
  });

  it('needs a session', async () => {
    const res = await call(
      t,
      'POST',
      '/trades',
      { side: 'buy', asset: 'AU', quantity: '1' },
      {
        headers: { 'idempotency-key': 'abcdefgh-1' },
      },
    );
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /me/holdings/:symbol', () => {
  const holding = (cookie: string, symbol: string) =>
    call(t, 'GET', `/me/holdings/${symbol}`, undefined, { cookie });

  it('shows zeros without a holding, then the active position', async () => {
    const customer = await createCustomer(t, { cash: '100' });
    expect((await holding(customer.cookie, 'au')).json()).toEqual({
      symbol: 'AU',
      quantity: '0.00000000',
      value: '0.00000000',
      status: null,
    });
    await trade(t, customer, { side: 'buy', asset: 'AU', quantity: '12.345' });
    expect((await holding(customer.cookie, 'AU')).json()).toEqual({
      symbol: 'AU',
      quantity: '12.34500000',
      value: '0.70366500',
      status: 'active',
    });
  });

  it('shows a locked holding as locked, and refuses unknown assets', async () => {
    const customer = await createCustomer(t, { cash: '100' });
    await trade(t, customer, { side: 'buy', asset: 'TON', quantity: '1' });
    await t.ctx.db
      .update(valuables)
      .set({ status: 'locked' })
      .where(eq(valuables.userId, customer.userId));
    expect((await holding(customer.cookie, 'TON')).json()).toMatchObject({
      quantity: '1.00000000',
      status: 'locked',
    });
    const unknown = await holding(customer.cookie, 'NOPE');
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([400, 'UNKNOWN_ASSET']);
  });

  it("never shows another user's holding", async () => {
    const owner = await createCustomer(t, { cash: '100' });
    const other = await createCustomer(t);
    await trade(t, owner, { side: 'buy', asset: 'ICP', quantity: '2' });
    expect((await holding(other.cookie, 'ICP')).json()).toMatchObject({
      quantity: '0.00000000',
      status: null,
    });
  });
});
