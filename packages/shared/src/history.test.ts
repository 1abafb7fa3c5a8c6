import { describe, expect, it } from 'vitest';
import { historyGroupNames, historyGroups, historySummarySchema, ledgerKinds } from './history.ts';

describe('history groups', () => {
  it('put every journal kind in exactly one group, so group counts add up to the total', () => {
    const grouped = historyGroupNames.flatMap((group) => [...historyGroups[group]]);
    expect([...grouped].sort()).toEqual([...ledgerKinds].sort());
  });

  it('each have a count in the summary, beside the total', () => {
    expect(Object.keys(historySummarySchema.shape).sort()).toEqual(
      ['total', ...historyGroupNames].sort(),
    );
  });
});
