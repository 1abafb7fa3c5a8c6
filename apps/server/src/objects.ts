// The keys and entries of an object this code declares (a descriptor's arguments, a table of
// codes or pages), typed by its keys: Object.keys and Object.entries type every key as string.

/**
 * The own enumerable string keys of `value`, typed as its keys. Meant for objects written as
 * literals here, whose type names every key they have (a value typed by an interface may carry
 * more at run time than its type says).
 */
export function keysOf<T extends object>(value: T): (keyof T & string)[] {
  // cast: Object.keys lists the object's own string keys, which its literal type names.
  return Object.keys(value) as (keyof T & string)[];
}

/** The own enumerable string-keyed entries of `value`, in key order, typed as its keys and values. */
export function entriesOf<T extends object>(value: T): [keyof T & string, T[keyof T & string]][] {
  return keysOf(value).map((key) => [key, value[key]]);
}
