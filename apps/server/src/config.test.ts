import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const base = { DATA_KEY: 'ab'.repeat(32), DATA_DIR: '/tmp/sv-config-test' };

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
});
