// A lost database connection, however it shows itself, is answered 503 with Retry-After (the
// request committed nothing; a retry with its key is safe), and anything unknown 500.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors.ts';

function failing(error: Error) {
  const app = Fastify();
  registerErrorHandling(app);
  app.get('/', () => {
    throw error;
  });
  return app;
}

const withCode = (message: string, code: string, cause?: Error) =>
  Object.assign(new Error(message, cause ? { cause } : {}), { code });

describe('a request that failed on the database connection', () => {
  it.each([
    [
      'PostgreSQL ended it',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['the server is shutting down', withCode('the database system is shutting down', '57P03')],
    ['a connection exception', withCode('connection failure', '08006')],
    ['the socket was reset', withCode('read ECONNRESET', 'ECONNRESET')],
    ['the socket was closed under a write', withCode('write EPIPE', 'EPIPE')],
    [
      'the database refused to connect',
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
    ],
    ['node-postgres saw the socket end', new Error('Connection terminated unexpectedly')],
    [
      'a transaction on a client gone bad',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    [
      'the ORM wrapped it',
      new Error('Failed query: select 1', { cause: withCode('read ECONNRESET', 'ECONNRESET') }),
    ],
  ])('answers 503 with Retry-After when %s', async (_, error) => {
    const res = await failing(error).inject({ url: '/' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual({
      error: {
        code: 'UNAVAILABLE',
        message: 'The service is briefly unavailable. Please try again.',
      },
    });
  });

  it('answers anything else 500, with no Retry-After', async () => {
    const res = await failing(withCode('duplicate key value', '23505')).inject({ url: '/' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
    expect(res.json()).toMatchObject({ error: { code: 'INTERNAL' } });
  });
});
