import { describe, expect, it } from 'vitest';
import type { MailSink } from './hosts.ts';
import { mailFiguresOf } from './mail-copies.ts';

const domain = 'topology.test';
const idOf = (row: string) => `<${row}@${domain}>`;

function sinkOf(arrivals: [row: string, count: number, firstAt: number][]): MailSink {
  return {
    port: 0,
    received: new Map(arrivals.map(([row, count]) => [idOf(row), count])),
    firstArrived: new Map(arrivals.map(([row, , at]) => [idOf(row), at])),
    start: async () => {},
    stop: async () => {},
  };
}

const figure = (figures: [string, number, boolean][], name: string) =>
  figures.find(([label]) => label === name);

describe('the topology mail figures', () => {
  const cuts = [{ what: 'SIGKILL of s1', at: 10_000 }];
  const mail = ['a', 'b', 'c'].map((id) => ({ id, given_up: false }));

  it('lets a second copy pass only when its first arrived just before a cut', () => {
    const { figures, twice } = mailFiguresOf(
      sinkOf([
        ['a', 1, 1_000],
        ['b', 2, 9_200],
        ['c', 1, 12_000],
      ]),
      cuts,
      mail,
      domain,
    );
    expect(figure(figures, 'mail delivered (by Message-ID)')).toEqual([
      'mail delivered (by Message-ID)',
      3,
      true,
    ]);
    expect(figure(figures, 'mail received twice, in flight at a SIGKILL or a cut')?.[1]).toBe(1);
    expect(figure(figures, 'mail received more than once otherwise')?.slice(1)).toEqual([0, true]);
    expect(twice).toEqual([`${idOf('b')} ×2, first copy 800 ms before SIGKILL of s1`]);
  });

  it('fails a second copy far from any cut, and a message never delivered', () => {
    const { figures } = mailFiguresOf(
      sinkOf([
        ['a', 2, 2_000],
        ['b', 1, 9_200],
      ]),
      cuts,
      mail,
      domain,
    );
    expect(figure(figures, 'mail received more than once otherwise')?.slice(1)).toEqual([1, false]);
    expect(figure(figures, 'mail delivered (by Message-ID)')?.slice(1)).toEqual([2, false]);
  });
});
