// Price alerts fired (issue 29): every waiting alert the book's sell price has reached — at or
// above an "above" level, at or below a "below" one — is marked fired with that price and its
// customer told, in the notification centre and by a queued email in the language the alert was
// set in, in one
// transaction. The statement that marks an alert fired is the only one that can (it waits while
// another holds the row, then finds it fired), so an alert fires once however many processes
// look at once. Processes look whenever the book changes (the `sv_prices` notice), and the
// caller sends the queued mail after commit.
import { sql } from 'drizzle-orm';
import type { AlertDirection } from '@secure-vault/shared/alerts';
import { dec } from '@secure-vault/shared/money';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { notifyCustomer } from '../mail/notify.ts';

interface FiredRow {
  id: string;
  user_id: string;
  symbol: string;
  direction: AlertDirection;
  price: string;
  fired_price: string;
  language: string;
}

/** Fires what the book has reached; returns how many fired. */
export async function fireAlerts(database: Database, appUrl: string, at: Date): Promise<number> {
  return database.transaction(async (tx) => {
    const result: unknown = await tx.execute(sql`
      with book as (
        select s.symbol, p.sell
        from (select distinct symbol from price_alerts where fired_at is null) s
        cross join lateral (
          select a.sell from asset_prices a where a.symbol = s.symbol order by a.id desc limit 1
        ) p
      )
      update price_alerts a set fired_at = ${at.toISOString()}::timestamptz, fired_price = book.sell
      from book
      where a.fired_at is null and a.symbol = book.symbol
        and ((a.direction = 'above' and book.sell >= a.price)
          or (a.direction = 'below' and book.sell <= a.price))
      returning a.id, a.user_id, a.symbol, a.direction, a.price::text, a.fired_price::text,
        a.language`);
    const fired = rowsOf<FiredRow>(result);
    for (const alert of fired) {
      await notifyCustomer(
        tx,
        alert.user_id,
        'price_alert',
        {
          language: alert.language,
          appUrl,
          symbol: alert.symbol,
          direction: alert.direction,
          price: dec(alert.price).toFixed(),
          firedPrice: dec(alert.fired_price).toFixed(),
        },
        at,
      );
    }
    return fired.length;
  });
}
