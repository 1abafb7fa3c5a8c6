import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, trustProxyOption } from './config.ts';

const base = { DATA_KEY: 'ab'.repeat(32), DATA_DIR: '/tmp/sv-config-test' };
const postgres = 'postgres://postgres@127.0.0.1:5432/db';
const production = { NODE_ENV: 'production', MAIL_URL: 'smtp://mail:587' };

describe('loadConfig', () => {
  it('defaults to port 3000, the embedded database and the outbox', () => {
    const config = loadConfig(base);
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.mailUrl).toBeUndefined();
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.staff2fa).toBe('required');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ MAIL_URL: 'http://mail' }, 'MAIL_URL'],
    [{ ADMIN_EMAIL: 'boss@example.com' }, 'ADMIN_PASSWORD'],
    [{ DATA_KEY: 'short' }, 'DATA_KEY'],
    [{ NODE_ENV: 'production', DATA_KEY: '' }, 'DATA_KEY'],
    [{ NODE_ENV: 'production', MAIL_URL: '' }, 'MAIL_URL'],
    [{ NODE_ENV: 'production', MAIL_URL: 'smtp://mail:587', STAFF_2FA: 'optional' }, 'STAFF_2FA'],
    [{ STAFF_2FA: 'sometimes' }, 'STAFF_2FA'],
    [{ DATABASE_URL: postgres, WEB_CONCURRENCY: '0' }, 'WEB_CONCURRENCY'],
    [{ DATABASE_URL: postgres, WEB_CONCURRENCY: '1.5' }, 'WEB_CONCURRENCY'],
    [{ DATABASE_URL: postgres, WEB_CONCURRENCY: 'many' }, 'WEB_CONCURRENCY'],
    [{ SHUTDOWN_DRAIN_MS: '-1' }, 'SHUTDOWN_DRAIN_MS'],
    [{ SHUTDOWN_DRAIN_MS: '60001' }, 'SHUTDOWN_DRAIN_MS'],
    [{ DATABASE_PREPARED_STATEMENTS: 'no' }, 'DATABASE_PREPARED_STATEMENTS'],
    [{ DATABASE_LISTEN_URL: 'http://db' }, 'DATABASE_LISTEN_URL'],
  ])('refuses %j naming %s', (env, name) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...env })).toThrow(new RegExp(`${name}:`));
  });

  it('starts in production with a mail server and a data key', () => {
    const config = loadConfig({ ...base, NODE_ENV: 'production', MAIL_URL: 'smtp://mail:587' });
    expect(config.mailUrl).toBe('smtp://mail:587');
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ ...base, DATABASE_URL: '', MAIL_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('drains 5 s before a stop in production, none elsewhere unless told', () => {
    expect(loadConfig(base).shutdownDrainMs).toBe(0);
    expect(loadConfig({ ...base, ...production }).shutdownDrainMs).toBe(5000);
    expect(loadConfig({ ...base, ...production, SHUTDOWN_DRAIN_MS: '0' }).shutdownDrainMs).toBe(0);
    expect(loadConfig({ ...base, SHUTDOWN_DRAIN_MS: '2500' }).shutdownDrainMs).toBe(2500);
  });

  it('behind a pooler: LISTEN on its own address, statements unprepared when told', () => {
    const direct = loadConfig({ ...base, DATABASE_URL: postgres });
    expect(direct.databaseListenUrl).toBe(postgres);
    expect(direct.preparedStatements).toBe(true);
    const pooled = loadConfig({
      ...base,
      DATABASE_URL: 'postgres://app@pooler:6432/db',
      DATABASE_LISTEN_URL: postgres,
      DATABASE_PREPARED_STATEMENTS: 'false',
    });
    expect(pooled.databaseListenUrl).toBe(postgres);
    expect(pooled.preparedStatements).toBe(false);
  });

  describe('DATABASE_POOL_SIZE', () => {
    it('defaults to four connections per core, at least 8, and takes a positive number', () => {
      expect(loadConfig({ ...base, DATABASE_URL: postgres }).databasePoolSize).toBe(
        Math.max(8, 4 * os.availableParallelism()),
      );
      expect(
        loadConfig({ ...base, DATABASE_URL: postgres, DATABASE_POOL_SIZE: '12' }).databasePoolSize,
      ).toBe(12);
      expect(() => loadConfig({ ...base, DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
      expect(() => loadConfig({ ...base, DATABASE_POOL_SIZE: 'lots' })).toThrow(
        /DATABASE_POOL_SIZE/,
      );
    });
  });

  describe('WEB_CONCURRENCY', () => {
    it('defaults to one process per core in production on PostgreSQL, else one', () => {
      expect(loadConfig({ ...base, ...production, DATABASE_URL: postgres }).webConcurrency).toBe(
        os.availableParallelism(),
      );
      expect(loadConfig({ ...base, DATABASE_URL: postgres }).webConcurrency).toBe(1);
      expect(loadConfig({ ...base, ...production }).webConcurrency).toBe(1);
    });

    it('takes a positive whole number, and 1 on PGlite', () => {
      expect(
        loadConfig({ ...base, DATABASE_URL: postgres, WEB_CONCURRENCY: '3' }).webConcurrency,
      ).toBe(3);
      expect(
        loadConfig({ ...base, ...production, DATABASE_URL: postgres, WEB_CONCURRENCY: '1' })
          .webConcurrency,
      ).toBe(1);
      expect(loadConfig({ ...base, WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
      expect(loadConfig({ ...base, WEB_CONCURRENCY: '' }).webConcurrency).toBe(1);
    });

    it('refuses more than one process on PGlite, saying why', () => {
      expect(() => loadConfig({ ...base, ...production, WEB_CONCURRENCY: '4' })).toThrow(
        /WEB_CONCURRENCY: more than 1 needs DATABASE_URL/,
      );
    });
  });

  describe('PRICE_FEED_URL and its timing', () => {
    it('has no feed unless told, polled every 10 s and stale after 120 s once there is one', () => {
      expect(loadConfig(base).priceFeed).toEqual({
        url: undefined,
        intervalSeconds: 10,
        staleAfterSeconds: 120,
      });
      expect(loadConfig({ ...base, PRICE_FEED_URL: '' }).priceFeed.url).toBeUndefined();
    });

    it('takes an http(s) URL or the simulated feed, and whole seconds', () => {
      const feed = 'https://prices.example/v1/book?key=abc';
      expect(
        loadConfig({
          ...base,
          PRICE_FEED_URL: feed,
          PRICE_FEED_INTERVAL_SECONDS: '5',
          PRICE_FEED_STALE_AFTER_SECONDS: '60',
        }).priceFeed,
      ).toEqual({ url: feed, intervalSeconds: 5, staleAfterSeconds: 60 });
      expect(loadConfig({ ...base, PRICE_FEED_URL: 'simulate' }).priceFeed.url).toBe('simulate');
    });

    it.each([
      [{ PRICE_FEED_URL: 'ftp://prices.example/book' }, /PRICE_FEED_URL: must be an http/],
      [{ PRICE_FEED_URL: 'prices.example' }, /PRICE_FEED_URL: must be an http/],
      [{ PRICE_FEED_INTERVAL_SECONDS: '0' }, /PRICE_FEED_INTERVAL_SECONDS/],
      [{ PRICE_FEED_INTERVAL_SECONDS: '2.5' }, /PRICE_FEED_INTERVAL_SECONDS/],
      [{ PRICE_FEED_STALE_AFTER_SECONDS: 'soon' }, /PRICE_FEED_STALE_AFTER_SECONDS/],
      [
        { PRICE_FEED_INTERVAL_SECONDS: '60', PRICE_FEED_STALE_AFTER_SECONDS: '60' },
        /PRICE_FEED_STALE_AFTER_SECONDS: must be more than PRICE_FEED_INTERVAL_SECONDS \(60\)/,
      ],
    ])('refuses %o, naming it', (env, error) => {
      expect(() => loadConfig({ ...base, ...env })).toThrow(error);
    });
  });

  describe('TRUST_PROXY', () => {
    it('trusts no proxy unless told, in production too', () => {
      expect(loadConfig(base).trustProxy).toBe(false);
      expect(loadConfig({ ...base, ...production }).trustProxy).toBe(false);
      for (const none of ['', 'false', '0']) {
        expect(loadConfig({ ...base, ...production, TRUST_PROXY: none }).trustProxy).toBe(false);
      }
    });

    it('takes a hop count, or addresses and ranges', () => {
      expect(loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy).toBe(1);
      expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
      expect(
        loadConfig({
          ...base,
          TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,2001:db8::/32,172.16.0.0/255.240.0.0,loopback',
        }).trustProxy,
      ).toEqual(['10.0.0.0/8', '192.0.2.7', '2001:db8::/32', '172.16.0.0/255.240.0.0', 'loopback']);
    });

    it('refuses true, and any range of every address, telling what to set instead', () => {
      for (const everyone of ['true', '0.0.0.0/0', '::/0', '10.0.0.1,0.0.0.0/0.0.0.0']) {
        expect(() => loadConfig({ ...base, TRUST_PROXY: everyone })).toThrow(
          /TRUST_PROXY: .* would let any caller choose its own address; name the proxies instead: a hop count/,
        );
      }
    });

    it.each([
      'yes',
      '10.0.0.1;10.0.0.2',
      '10.0.0.256',
      '10.0.0.0/33',
      '::1/129',
      '10.0.0.0/255.0.255.0',
      '1.5',
      '101',
    ])('refuses %j', (value) => {
      expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrow(/TRUST_PROXY: /);
    });

    it('counts hops from the connection: 1 believes only the right-most entry', () => {
      const trust = trustProxyOption(1);
      expect(typeof trust).toBe('function');
      if (typeof trust !== 'function') return;
      expect([trust('10.0.0.2', 0), trust('203.0.113.9', 1)]).toEqual([true, false]);
      expect(trustProxyOption(false)).toBe(false);
      expect(trustProxyOption(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
    });
  });

  describe('DATA_KEY_PREVIOUS', () => {
    const [one, two] = [randomBytes(32), randomBytes(32)];

    it('takes the keys DATA_KEY replaced, comma-separated, and none when unset', () => {
      expect(loadConfig(base).previousDataKeys).toEqual([]);
      const config = loadConfig({
        ...base,
        DATA_KEY_PREVIOUS: ` ${one.toString('hex')} ,${two.toString('hex').toUpperCase()}`,
      });
      expect(config.previousDataKeys).toEqual([one, two]);
      expect(config.dataKey.toString('hex')).toBe(base.DATA_KEY);
    });

    it.each([
      ['short', /DATA_KEY_PREVIOUS: the key is not 64 hexadecimal characters/],
      ['zz'.repeat(32), /the key is not 64 hexadecimal/],
      ['ab'.repeat(32) + 'a', /the key is not 64 hexadecimal/],
      [`${'ab'.repeat(31)}\u00e9\u00e9`, /the key is not 64 hexadecimal/],
      [`0x${'ab'.repeat(31)}`, /the key is not 64 hexadecimal/],
      [`${'cd'.repeat(32)},`, /key 2 of 2 is empty/],
      [',', /key 1 of 2 is empty/],
      [`${'cd'.repeat(32)};${'ef'.repeat(32)}`, /the key is not 64 hexadecimal/],
      [`${'cd'.repeat(32)},${'CD'.repeat(32)}`, /key 2 repeats key 1/],
      [Array.from({ length: 11 }, () => randomBytes(32).toString('hex')).join(','), /at most 10/],
      ['ab'.repeat(32), /key 1 is DATA_KEY itself: list the keys DATA_KEY replaced/],
      [`${'cd'.repeat(32)},${'AB'.repeat(32)}`, /key 2 is DATA_KEY itself/],
    ])('refuses %j, saying why without repeating it', (value, message) => {
      const attempt = () => loadConfig({ ...base, DATA_KEY_PREVIOUS: value });
      expect(attempt).toThrow(ConfigError);
      expect(attempt).toThrow(message);
      try {
        attempt();
      } catch (error) {
        // A key is a secret: the message names its place, never its text.
        for (const entry of value.split(',').filter((part) => part.length >= 8)) {
          expect((error as Error).message).not.toContain(entry);
        }
      }
    });

    it('refuses the key generated into DATA_DIR as its own previous key', () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sv-config-keys-'));
      try {
        loadConfig({ DATA_DIR: dataDir });
        const generated = readFileSync(path.join(dataDir, 'data.key'), 'utf8').trim();
        expect(() => loadConfig({ DATA_DIR: dataDir, DATA_KEY_PREVIOUS: generated })).toThrow(
          /DATA_KEY_PREVIOUS: key 1 is DATA_KEY itself/,
        );
        const previous = randomBytes(32);
        expect(
          loadConfig({ DATA_DIR: dataDir, DATA_KEY_PREVIOUS: previous.toString('hex') })
            .previousDataKeys,
        ).toEqual([previous]);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });

  describe('SIGNING_KEY_PREVIOUS', () => {
    const pair = () => generateKeyPairSync('ed25519');
    const [current, old, older] = [pair(), pair(), pair()];
    const privatePem = (key: ReturnType<typeof pair>) =>
      key.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const privateDer = (key: ReturnType<typeof pair>) =>
      key.privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
    const publicPem = (key: ReturnType<typeof pair>) =>
      key.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const publicDer = (key: ReturnType<typeof pair>) =>
      key.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    const withSigning = { ...base, SIGNING_KEY: privateDer(current) };

    it('takes public or private keys, PEM or base64 DER, and keeps only their public halves', () => {
      expect(loadConfig(withSigning).previousSigningKeys).toEqual([]);
      for (const form of [publicPem, publicDer, privatePem, privateDer]) {
        const config = loadConfig({
          ...withSigning,
          SIGNING_KEY_PREVIOUS: `${form(old)}, ${form(older)}`,
        });
        expect(config.previousSigningKeys, form.name).toEqual([publicPem(old), publicPem(older)]);
        expect(config.previousSigningKeys.join()).not.toContain('PRIVATE');
      }
    });

    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const x25519 = generateKeyPairSync('x25519');
    it.each([
      [
        'not a key',
        'hello',
        /SIGNING_KEY_PREVIOUS: the key is not an Ed25519 public or private key/,
      ],
      [
        'an RSA key',
        rsa.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
        /the key is not an Ed25519/,
      ],
      [
        'an X25519 key',
        x25519.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
        /the key is not an Ed25519/,
      ],
      ['a cut PEM', publicPem(old).slice(0, 60), /the key is not an Ed25519/],
      ['an empty entry', `${publicDer(old)},,${publicDer(older)}`, /key 2 of 3 is empty/],
      ['the same key twice', `${publicPem(old)},${privateDer(old)}`, /key 2 repeats key 1/],
      ['SIGNING_KEY itself', publicDer(current), /key 1 is SIGNING_KEY's own/],
      [
        'SIGNING_KEY itself, as its private key',
        `${publicDer(old)},${privatePem(current)}`,
        /key 2 is SIGNING_KEY's own/,
      ],
      ['eleven keys', Array.from({ length: 11 }, () => publicDer(pair())).join(','), /at most 10/],
    ])('refuses %s, naming its place only', (_name, value, message) => {
      const attempt = () => loadConfig({ ...withSigning, SIGNING_KEY_PREVIOUS: value });
      expect(attempt).toThrow(ConfigError);
      expect(attempt).toThrow(message);
      try {
        attempt();
      } catch (error) {
        expect((error as Error).message).not.toContain('BEGIN');
        expect((error as Error).message).not.toContain(privateDer(current).slice(0, 40));
      }
    });
  });
});
