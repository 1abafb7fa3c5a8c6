// Named, typed calls of the SQL functions (decision 019): each function the server calls is
// described once — its name and its arguments in declaration order with their SQL types — and
// called in named notation (`ledger_trade(p_user => c.user_id, p_at => $3::timestamptz, …)`), so
// the order of a dozen arguments cannot drift between the SQL file and its caller.
// `db/sql-function.test.ts` holds every descriptor equal to the live function's arguments.
import { keysOf } from '../objects.ts';
import type { Param } from './caller.ts';

export type SqlType = 'uuid' | 'text' | 'numeric' | 'integer' | 'timestamptz' | 'jsonb';

export interface SqlFunction<A extends Record<string, SqlType>> {
  name: string;
  /** The arguments in declaration order, with their types. */
  args: A;
}

export function sqlFunction<const A extends Record<string, SqlType>>(
  name: string,
  args: A,
): SqlFunction<A> {
  return { name, args };
}

/** A column of the caller relation `c` (db/caller.ts) passed as an argument. */
export interface CallerColumn {
  callerColumn: 'user_id' | 'actor_id';
}

export const callerUser: CallerColumn = { callerColumn: 'user_id' };
export const callerActor: CallerColumn = { callerColumn: 'actor_id' };

function isCallerColumn(value: unknown): value is CallerColumn {
  return typeof value === 'object' && value !== null && 'callerColumn' in value;
}

/**
 * The arguments of a call, by name. Every argument is given (an argument with a DEFAULT too), so
 * that a call says all it passes; `undefined` is refused, `null` is SQL NULL.
 */
export type SqlArgs<A extends Record<string, SqlType>> = { [K in keyof A]: unknown };

export interface SqlCall {
  /** The function's name and which arguments come from the caller: one prepared text each. */
  key: string;
  /** The call, its parameters placed from `param(1)` on. */
  text(param: Param): string;
  /** The values of the call's parameters, in placeholder order. */
  params: unknown[];
}

export function sqlCall<A extends Record<string, SqlType>>(
  fn: SqlFunction<A>,
  values: SqlArgs<A>,
): SqlCall {
  const names = keysOf(fn.args);
  // A spread may bring an argument the function does not take: a call says only what it takes.
  const unknown = Object.keys(values).filter((name) => !Object.hasOwn(fn.args, name));
  if (unknown.length > 0) throw new Error(`${fn.name} takes no ${unknown.join(', ')}`);
  const params: unknown[] = [];
  const parts: ((param: Param) => string)[] = [];
  const shape: string[] = [];
  for (const name of names) {
    const value = values[name];
    if (value === undefined) throw new Error(`${fn.name}: no value for ${name}`);
    if (isCallerColumn(value)) {
      shape.push(value.callerColumn === 'user_id' ? 'u' : 'a');
      parts.push(() => `${name} => c.${value.callerColumn}`);
      continue;
    }
    shape.push('p');
    params.push(value);
    const index = params.length;
    const type = fn.args[name];
    parts.push((param) => `${name} => ${param(index)}::${type}`);
  }
  return {
    key: `${fn.name}(${shape.join('')})`,
    text: (param) => `${fn.name}(${parts.map((part) => part(param)).join(', ')})`,
    params,
  };
}

/** A call with no caller relation: its parameters from $1. */
export function sqlCallText(call: SqlCall): string {
  return call.text((index) => `$${index}`);
}
