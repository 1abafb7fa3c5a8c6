// Reading values whose type the compiler cannot know (a select's text, a history entry's state,
// parsed JSON, a thrown value) by checking them at run time instead of asserting a type.

/**
 * True when `value` is one of `list`'s items, narrowed to their type: a select's text that is a
 * known status, a file type that is allowed. Compared with `includes` (SameValueZero).
 */
export function isOneOf<const List extends readonly unknown[]>(
  list: List,
  value: unknown,
): value is List[number] {
  return list.includes(value);
}

/** True when `list` has a first item, narrowed to a list that has one (a query's rows, say). */
export function isNonEmpty<T>(list: readonly T[]): list is [T, ...T[]] {
  return list.length > 0;
}

/**
 * A field of a value that may be no object at all (a history entry's state, parsed JSON, a
 * thrown value), read without trusting its type: undefined when the value is no object or lacks
 * the field (inherited ones included, as `in` finds them).
 */
export function fieldOf(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && key in value
    ? Reflect.get(value, key)
    : undefined;
}
