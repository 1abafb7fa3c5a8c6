// The unit metal quantities are shown in (issue 27): milligrams as held and traded (SPEC), or
// grams or troy ounces to read. Display only: inputs stay in milligrams. The choice is kept in
// localStorage and shared live by every screen showing it. Conversions are exact decimals.
import { useSyncExternalStore } from 'react';
import type { TFunction } from 'i18next';
import type { Language } from '@secure-vault/shared/i18n';
import { dec } from '@secure-vault/shared/money';
import { formatQuantity, ltrIsolate, normalizeDecimal } from './money';

export const metalUnits = ['mg', 'g', 'ozt'] as const;
export type MetalUnit = (typeof metalUnits)[number];

/** Milligrams in one gram, and in one troy ounce (31.1034768 g, exactly). */
const milligramsPer: Record<MetalUnit, string> = { mg: '1', g: '1000', ozt: '31103.4768' };

/** Decimals kept: mg as held (0.001), grams exactly (0.000001), ounces to a millionth. */
const decimalsOf: Record<MetalUnit, number> = { mg: 3, g: 6, ozt: 6 };
/** Decimals always shown ("1.000 g", "1.0000 oz t"); zeros past them are dropped. */
const shownDecimalsOf: Record<MetalUnit, number> = { mg: 3, g: 3, ozt: 4 };

const storageKey = 'metalUnit';
const listeners = new Set<() => void>();

function isMetalUnit(value: unknown): value is MetalUnit {
  return metalUnits.some((unit) => unit === value);
}

export function storedMetalUnit(): MetalUnit {
  try {
    const value = localStorage.getItem(storageKey);
    return isMetalUnit(value) ? value : 'mg';
  } catch {
    return 'mg';
  }
}

export function storeMetalUnit(unit: MetalUnit): void {
  try {
    localStorage.setItem(storageKey, unit);
  } catch {
    // Private browsing: the choice lasts for this page only.
  }
  current = unit;
  for (const listener of listeners) listener();
}

let current: MetalUnit | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's choice follows here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKey) {
      current = storedMetalUnit();
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function snapshot(): MetalUnit {
  current ??= storedMetalUnit();
  return current;
}

/** The chosen unit and the way to change it, the same on every screen at once. */
export function useMetalUnit(): [MetalUnit, (unit: MetalUnit) => void] {
  return [useSyncExternalStore(subscribe, snapshot, () => 'mg'), storeMetalUnit];
}

/** A quantity in milligrams in `unit`, exact, rounded half up to the unit's shown decimals. */
export function fromMilligrams(milligrams: string, unit: MetalUnit): string {
  const value = dec(normalizeDecimal(milligrams)).div(milligramsPer[unit]);
  return value.toFixed(decimalsOf[unit]);
}

/** "1.234567 g", "1.0000 oz t" or "1,234.567 mg" for a quantity held in milligrams. */
export function formatMetal(
  t: TFunction,
  milligrams: string,
  unit: MetalUnit,
  language: Language,
): string {
  const exact = fromMilligrams(milligrams, unit);
  const decimals = Math.max(shownDecimalsOf[unit], dec(exact).decimalPlaces());
  const figure = formatQuantity(exact, decimals, language);
  return `${ltrIsolate(figure, language)} ${t(`catalogue:units.${unit}`)}`;
}
