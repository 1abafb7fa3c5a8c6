// Who a statement acts for, as SQL (DESIGN §3: "the session check joins the request's own
// query"). A caller is a relation `c` with the columns `user_id` and `actor_id` (the staff member
// or impersonator acting for the user, else null); a statement selects from it, so a request
// whose session is gone gets no row, and nothing is read or moved for it. The signed-in caller
// (auth/session-caller.ts) joins the live session; `knownCaller` is for callers already
// established (staff tools, jobs, tests).
import { isNonEmpty } from '@secure-vault/shared/guards';
import type { Database, Statement } from './client.ts';

export interface Caller {
  /** Distinguishes prepared statements by caller shape (their texts differ). */
  kind: string;
  /** SQL of the relation aliased `c`, using $1…$n for `params`. */
  relation: string;
  params: readonly unknown[];
  /** Sees the caller's columns of the returned row (e.g. to remember the session). */
  accept(row: object): void;
  /** Called when the relation yields no row; throws the caller's refusal. */
  refuse(): never;
}

/** A caller whose user (and acting staff member) are already established. */
export interface KnownCaller extends Caller {
  userId: string;
  actorId: string | null;
}

export function knownCaller(userId: string, actorId: string | null = null): KnownCaller {
  return {
    userId,
    actorId,
    kind: 'known',
    relation: '(select $1::uuid as user_id, $2::uuid as actor_id) c',
    params: [userId, actorId],
    accept: () => {},
    refuse: () => {
      throw new Error('a known caller always yields its row');
    },
  };
}

/** Placeholder for the statement's own parameter `index` (1-based), after the caller's. */
export type Param = (index: number) => string;

const texts = new Map<string, Statement>();

/**
 * Runs `select <columns> <rest>` where `rest` starts from the caller relation (`from ${c}`):
 * the statement is prepared per caller kind, and a statement whose caller yields no row is
 * the caller's refusal. `build` writes the SQL, using `param(i)` for its own parameters.
 */
export async function queryAs<Row extends object>(
  database: Database,
  caller: Caller,
  name: string,
  build: (from: string, param: Param) => string,
  params: readonly unknown[],
): Promise<[Row, ...Row[]]> {
  const key = `${name}:${caller.kind}`;
  let statement = texts.get(key);
  if (!statement) {
    const offset = caller.params.length;
    statement = { name: key, text: build(caller.relation, (index) => `$${offset + index}`) };
    texts.set(key, statement);
  }
  const rows = await database.query<Row>(statement, [...caller.params, ...params]);
  if (!isNonEmpty(rows)) caller.refuse();
  caller.accept(rows[0]);
  return rows;
}
