// A valuable's status label: a row held for an open limit order says so, in English and Arabic.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import i18next from 'i18next';
import type { Valuable } from '@secure-vault/shared/vault';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { cash, gold } from '@/test/transfer-test-data';
import { loadCatalogs, renderWithProviders } from '@/test/render';
import { ValuableCard } from './valuable-card';

beforeAll(() => loadCatalogs(['vault', 'catalogue']));
afterEach(async () => {
  await i18next.changeLanguage('en');
});

function Cards({ valuables }: { valuables: Valuable[] }) {
  const { t } = useTranslation(['vault', 'catalogue']);
  return (
    <ul>
      {valuables.map((valuable) => (
        <ValuableCard key={valuable.id} valuable={valuable} t={t} language={currentLanguage()} />
      ))}
    </ul>
  );
}

const reserved: Valuable[] = [
  { ...cash, status: 'reserved' },
  { ...gold, status: 'reserved' },
];

describe('a valuable held for an open limit order', () => {
  it('is labelled as reserved for an order', async () => {
    renderWithProviders(<Cards valuables={reserved} />);
    const labels = await screen.findAllByTestId('valuable-status');
    expect(labels.map((label) => label.textContent)).toEqual([
      'Status: Reserved for an order',
      'Status: Reserved for an order',
    ]);
  });

  it('is labelled in Arabic', async () => {
    await i18next.changeLanguage('ar');
    renderWithProviders(<Cards valuables={reserved.slice(0, 1)} />);
    expect(await screen.findByTestId('valuable-status')).toHaveTextContent('محجوز لأمر');
  });
});
