// A tick killed midway (PostgreSQL only: PostgreSQL ends the connection filling the orders, as a
// crashed process would leave it): each statement of fills commits whole or not at all, so every
// order is either filled, with its movement, or still open with its reservation; the
// reconciliation finds nothing; and the next tick fills the rest, each once.
import pg from 'pg';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAsset } from '@secure-vault/shared/catalogue';
import { limitOrders } from '../../db/orders-schema.ts';
import { ledgerEntries } from '../../db/vault-schema.ts';
import { listedAssets } from '../../ledger/assets.ts';
import { fillBatch, fillCrossedOrders } from '../../ledger/orders.ts';
import { reconcileLedger } from '../../ledger/reconcile.ts';
import { writePrices } from '../../prices/book.ts';
import { createCustomer } from '../../test/customers.ts';
import { createTestApp, dbKind, manualClock, type TestApp } from '../../test/test-app.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(dbKind !== 'postgres')(
  'a tick killed midway (PostgreSQL only: it ends the filling connection)',
  () => {
    const clock = manualClock(new Date(Date.now() + 60_000));
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ clock });
    });
    afterAll(() => t.close());

    it('leaves each order filled whole or open with its reservation, and the next tick fills the rest once', async () => {
      // Six customers with 100 orders each: more than one statement's batch.
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) {
        const customer = await createCustomer(t, { cash: '2000.00' });
        const rows = await t.ctx.database.query<{ id: string }>(
          {
            name: 'crash_test_place',
            text: `select (ledger_place_order(p_user => $1::uuid, p_actor => null,
                p_at => $2::timestamptz, p_key => null, p_hash => null, p_id => gen_random_uuid(),
                p_side => 'buy', p_symbol => 'MATIC', p_quantity => 10, p_limit => 0.4,
                p_reserve => 4, p_expires => null, p_language => 'en', p_max_open => 100,
                p_assets => $3::jsonb, p_reference => gen_random_uuid()::text)
              -> 'body' ->> 'id') as id
              from generate_series(1, 100)`,
          },
          [customer.userId, clock.now(), listedAssets],
        );
        ids.push(...rows.map((row) => row.id));
      }
      expect(ids.length).toBeGreaterThan(fillBatch);
      // The book crosses them all; written without the notice, so only this test's tick looks.
      const matic = findAsset('MATIC');
      if (!matic) throw new Error('MATIC');
      clock.advance(1000);
      await writePrices(t.ctx.database, [{ asset: matic, buy: '0.35', sell: '0.35' }], {
        source: 'staff',
        at: clock.now(),
        onlyChanged: false,
      });
      clock.advance(1000);

      // Ends the tick's connection as soon as it is filling.
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const killed = (async () => {
        for (let i = 0; i < 400; i++) {
          const res = await admin.query<{ ended: boolean }>(
            `select pg_terminate_backend(pid) as ended from pg_stat_activity
              where state = 'active' and query like '%ledger_fill_orders%'
                and query not like '%pg_stat_activity%'`,
          );
          if (res.rows.some((row) => row.ended)) return true;
          await sleep(5);
        }
        return false;
      })();
      const tick = fillCrossedOrders(t.ctx.database, t.ctx.config.appUrl, clock.now(), ['MATIC']);
      const [wasKilled, outcome] = await Promise.all([
        killed,
        tick.then(
          () => 'finished',
          () => 'failed',
        ),
      ]);
      await admin.end();
      expect(wasKilled).toBe(true);
      expect(outcome).toBe('failed');

      // Whole statements only: filled orders in whole batches, each with its one movement.
      const after = await t.ctx.db.select().from(limitOrders).where(inArray(limitOrders.id, ids));
      const filled = after.filter((order) => order.status === 'filled');
      expect(filled.length % fillBatch).toBe(0);
      expect(after.filter((o) => o.status === 'open').every((o) => o.reservationId)).toBe(true);
      expect((await reconcileLedger(t.ctx.db, clock.now())).differences).toEqual([]);

      // The next tick fills the rest, and nothing twice.
      await fillCrossedOrders(t.ctx.database, t.ctx.config.appUrl, clock.now(), ['MATIC']);
      const final = await t.ctx.db.select().from(limitOrders).where(inArray(limitOrders.id, ids));
      expect(final.every((order) => order.status === 'filled')).toBe(true);
      const movements = await t.ctx.db
        .selectDistinct({ reference: ledgerEntries.reference, movement: ledgerEntries.movement })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.kind, 'buy'));
      for (const id of ids) {
        expect(movements.filter((row) => row.reference === id)).toHaveLength(1);
      }
      expect((await reconcileLedger(t.ctx.db, clock.now())).differences).toEqual([]);
    }, 120_000);
  },
);
