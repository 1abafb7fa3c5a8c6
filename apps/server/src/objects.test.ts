// keysOf and entriesOf list what Object.keys and Object.entries do, typed by the object's keys.
import { describe, expect, it } from 'vitest';
import { entriesOf, keysOf } from './objects.ts';

const pages = { home: '/', about: '/about' } as const;

describe('keysOf', () => {
  it('lists the own keys in order, typed as the keys', () => {
    const keys: ('home' | 'about')[] = keysOf(pages);
    expect(keys).toEqual(['home', 'about']);
  });

  it('leaves out inherited, symbol and non-enumerable keys, as Object.keys does', () => {
    class Page {
      get inherited() {
        return 1;
      }
    }
    const value = Object.assign(new Page(), { own: 3, [Symbol('s')]: 4 });
    Object.defineProperty(value, 'hidden', { value: 2, enumerable: false });
    expect(keysOf(value)).toEqual(['own']);
  });

  it('finds none in an empty object', () => {
    expect(keysOf({})).toEqual([]);
  });
});

describe('entriesOf', () => {
  it('pairs each key with its value, as Object.entries does', () => {
    const entries: ['home' | 'about', string][] = entriesOf(pages);
    expect(entries).toEqual(Object.entries(pages));
    expect(entries).toEqual([
      ['home', '/'],
      ['about', '/about'],
    ]);
  });
});
