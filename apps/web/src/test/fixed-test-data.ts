// The customer the /fixed-assets tests fix from: a vault holding cash, gold, bitcoin, a ring, a
// fixed-term silver holding, a painting out for delivery, an unvalued document, a negative entry
// and an empty position; the four terms; one active and one matured term; and the answer to
// fixing one.
import type { FixedTerm, FixedTermOffer, FixedTermRequest } from '@secure-vault/shared/custody';
import type { Valuable } from '@secure-vault/shared/vault';

let counter = 0;
function valuable(fields: Partial<Valuable> & Pick<Valuable, 'itemName' | 'itemType'>): Valuable {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    userId: '0b0f3f8e-6f1c-4a53-9a43-7d1f1f2f4a10',
    estimatedValue: null,
    description: null,
    storageLocation: null,
    assetSymbol: null,
    quantity: null,
    unit: null,
    status: 'active',
    dateStored: '2026-01-05T10:00:00.000Z',
    createdAt: '2026-01-05T10:00:00.000Z',
    ...fields,
  };
}

export const cash = valuable({
  itemName: 'Cash',
  itemType: 'cash',
  estimatedValue: '250.00000000',
  assetSymbol: 'USD',
});
export const ring = valuable({
  itemName: 'Diamond ring',
  itemType: 'jewelry',
  estimatedValue: '5000.00',
});
/** 10,000 mg of gold at $0.057: $570. */
export const gold = valuable({
  itemName: 'Gold',
  itemType: 'precious_metals',
  estimatedValue: '570.00000000',
  assetSymbol: 'AU',
  quantity: '10000.00000000',
  unit: 'mg',
});
export const bitcoin = valuable({
  itemName: 'Bitcoin',
  itemType: 'crypto',
  estimatedValue: '500.25000000',
  assetSymbol: 'BTC',
  quantity: '0.00435000',
  unit: 'units',
});
export const fixedSilver = valuable({
  itemName: 'Silver',
  itemType: 'precious_metals',
  estimatedValue: '8.40000000',
  assetSymbol: 'AG',
  quantity: '10000.00000000',
  unit: 'mg',
  status: 'locked',
});
export const painting = valuable({
  itemName: 'Oil painting',
  itemType: 'artwork',
  estimatedValue: '1200.00',
  status: 'in_delivery',
});
export const deed = valuable({ itemName: 'Title deed', itemType: 'documents' });
export const reduction = valuable({
  itemName: 'Withdrawal',
  itemType: 'fund_transfer',
  estimatedValue: '-50.00',
});
export const emptyPosition = valuable({
  itemName: 'Platinum',
  itemType: 'precious_metals',
  estimatedValue: '0.00000000',
  assetSymbol: 'PT',
  quantity: '0.00000000',
  unit: 'mg',
});

export const valuables: Valuable[] = [
  cash,
  ring,
  gold,
  bitcoin,
  fixedSilver,
  painting,
  deed,
  reduction,
  emptyPosition,
];

export const offers: FixedTermOffer[] = [
  { months: 1, interestRate: '0.05' },
  { months: 3, interestRate: '0.10' },
  { months: 6, interestRate: '0.25' },
  { months: 12, interestRate: '0.50' },
];

export const activeTerm: FixedTerm = {
  id: '7a1c2e4f-1111-4a53-9a43-7d1f1f2f4a10',
  valuableId: fixedSilver.id,
  itemName: 'Silver',
  assetSymbol: 'AG',
  quantity: '10000.00000000',
  unit: 'mg',
  months: 3,
  interestRate: '0.10',
  principal: '8.40000000',
  profit: '0.84',
  status: 'active',
  startedAt: '2026-10-01T12:00:00.000Z',
  maturesAt: '2027-01-01T12:00:00.000Z',
  maturedAt: null,
};

export const maturedTerm: FixedTerm = {
  id: '7a1c2e4f-2222-4a53-9a43-7d1f1f2f4a10',
  valuableId: ring.id,
  itemName: 'Diamond ring',
  assetSymbol: null,
  quantity: null,
  unit: null,
  months: 1,
  interestRate: '0.05',
  principal: '5000.00',
  profit: '250.00',
  status: 'matured',
  startedAt: '2026-01-31T09:30:00.000Z',
  maturesAt: '2026-02-28T09:30:00.000Z',
  maturedAt: '2026-02-28T09:31:00.000Z',
};

/** The server's answer to fixing the ring (a year) or gold, as the tests' POST replies. */
export function createdTerm(body: FixedTermRequest): FixedTerm {
  const isRing = body.valuableId === ring.id;
  return {
    id: '7a1c2e4f-3333-4a53-9a43-7d1f1f2f4a10',
    valuableId: body.valuableId,
    itemName: isRing ? 'Diamond ring' : 'Gold',
    assetSymbol: isRing ? null : 'AU',
    quantity: body.quantity ?? null,
    unit: isRing ? null : 'mg',
    months: body.months,
    interestRate: '0.50',
    principal: '5000.00',
    profit: '2500.00',
    status: 'active',
    startedAt: '2026-11-25T10:00:00.000Z',
    maturesAt: '2027-11-25T10:00:00.000Z',
    maturedAt: null,
  };
}
