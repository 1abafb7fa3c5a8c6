// fast-check arbitraries built from a route's zod schema, read through its JSON Schema (the
// input side, as OpenAPI shows it): values of the right shape, and hostile ones — control and
// bidi characters, lone surrogates, 1 MB strings, numbers JSON or decimals cannot hold, wrong
// types, prototype keys, deep nesting. The inputs of the schema-driven fuzz (http/fuzz.test.ts).
import fc from 'fast-check';
import { z } from 'zod';

/** The parts of JSON Schema that zod writes for our request schemas. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  enum?: readonly unknown[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

/** The JSON Schema of a zod type, or undefined for anything else (plain JSON Schema, none). */
export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  // Refinements cannot be written as JSON Schema; their base shape is what we generate from.
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** JSON text placed into a body as it is: numbers JSON.stringify cannot write, deep nesting. */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

const rawMarker = (index: number) => `\u0000\u0001fuzz-raw:${index}\u0001\u0000`;

/** JSON text of a body; RawJson parts are spliced in unchanged. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  const raws: string[] = [];
  let text =
    JSON.stringify(value, (_key, part: unknown) => {
      if (!(part instanceof RawJson)) return part;
      raws.push(part.text);
      return rawMarker(raws.length - 1);
    }) ?? '';
  raws.forEach((raw, index) => {
    text = text.replace(JSON.stringify(rawMarker(index)), raw);
  });
  return text;
}

/** An own, enumerable key JSON.stringify writes even when it is `__proto__`. */
export function withKey(target: object, key: string, value: unknown): object {
  const copy: object = { ...target };
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}

// Characters of one UTF-16 unit each, so a length the schema allows is the length sent; U+FFFD
// is left out because the database check reads it as the mark of a surrogate replaced on the way.
const textUnits = fc.constantFrom(
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,-_\'"&+()/@#',
  ...'ذهبفضةخاتمرقممكتب',
  ...'éßøçÅ中文',
);
const plainText = (min: number, max: number) =>
  fc.string({ unit: textUnits, minLength: min, maxLength: max });

const megabyte = 'x'.repeat(1024 * 1024);

/** Characters the text rule refuses somewhere: controls, lone surrogate halves, bidi controls. */
const ruleBreakingCharacters = fc.constantFrom(
  '\u0000',
  '\ud800',
  '\udc00',
  '\ud83d',
  '\u202e',
  '\u2066',
  '\u202a',
  '\u2028',
  '\u0085',
  '\u009b',
  '\u007f',
  '\u001b',
  '\u0007',
  '\r',
  '\n',
  '\t',
);

/** Plain text with rule-breaking characters put in at the start, the middle or the end. */
export const ruleBreakingStrings: fc.Arbitrary<string> = fc
  .tuple(plainText(0, 12), ruleBreakingCharacters, plainText(0, 12))
  .map(([before, bad, after]) => `${before}${bad}${after}`);

/** Strings that stress length, parsing and whatever reads them later (SQL, templates, CSV). */
export const stressStrings: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '   ',
    '\u00a0\u200b',
    '\ude00\ud83d',
    '١٢٣٫٤٥',
    '１２３',
    "'; drop table users; --",
    '${7*7}{{7*7}}',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '=HYPERLINK("http://x")',
  ),
  fc.constantFrom(megabyte, 'w'.repeat(900_000), 'y'.repeat(300), 'z'.repeat(5001)),
);

export const hostileStrings: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: ruleBreakingStrings },
  { weight: 1, arbitrary: stressStrings },
);

/** What a decimal or number field must refuse, as strings. */
export const hostileNumberStrings: fc.Arbitrary<string> = fc.constantFrom(
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1e309',
  '1e-400',
  '1e3',
  '-1',
  '-0',
  '0',
  '0.000000001',
  '1.123456789',
  '12.345',
  '99999999999999999999999999999999999999',
  '1'.repeat(400),
  `0.${'0'.repeat(400)}1`,
  '0x10',
  '1_000',
  '1,5',
  ' 1',
  '+1',
  '.5',
  '1.',
  '--1',
);

/** Values of the wrong type, and JSON that JavaScript reads as something odd. */
export const wrongTypes: fc.Arbitrary<unknown> = fc.constantFrom<unknown>(
  0,
  -1,
  1.5,
  2 ** 53 + 2,
  true,
  false,
  null,
  [],
  {},
  ['a'],
  { a: 1 },
  [null],
  new RawJson('1e309'),
  new RawJson('-1e309'),
  new RawJson('-0'),
  new RawJson('1e-400'),
  new RawJson('9007199254740993'),
);

/** Nesting deeper than any schema: arrays and objects, each thousands of levels. */
export const deepValues: fc.Arbitrary<unknown> = fc.constantFrom<unknown>(
  new RawJson(`${'['.repeat(5000)}${']'.repeat(5000)}`),
  new RawJson(`${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`),
  new RawJson(`{"__proto__":${'['.repeat(2000)}${']'.repeat(2000)}}`),
);

/** Keys that would reach Object.prototype if a parser or a spread trusted them. */
export const prototypeKeys = ['__proto__', 'constructor', 'prototype'] as const;

const prototypeValues = fc.constantFrom<unknown>(
  { isAdmin: true, role: 'admin' },
  { prototype: { isAdmin: true } },
  'x',
  1,
);

const dayOf = (min: string, max: string) =>
  fc
    .date({
      min: new Date(`${min}T00:00:00Z`),
      max: new Date(`${max}T00:00:00Z`),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString().slice(0, 10));

/** Days around the edges that matter: the range the API allows, leap days, years 0 and 9999. */
const days = fc.oneof(
  { weight: 3, arbitrary: dayOf('2025-01-01', '2027-12-31') },
  { weight: 1, arbitrary: dayOf('1890-01-01', '3010-12-31') },
  fc.constantFrom(
    '1900-01-01',
    '2999-12-31',
    '1899-12-31',
    '3000-01-01',
    '0000-01-01',
    '9999-12-31',
    '2024-02-29',
    '2026-02-29',
  ),
);

/** Realistic values for a field by its name and schema (real symbols, ids, cursors), if any. */
export type Hints = (field: string, schema: JsonSchema) => fc.Arbitrary<unknown> | undefined;

function types(schema: JsonSchema): string[] {
  return schema.type === undefined ? [] : [schema.type].flat();
}

/** A value of the schema's shape; it may still fail a refinement or a business rule. */
export function validValue(schema: JsonSchema, field: string, hints: Hints): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((part) => validValue(part, field, hints)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const [type] = types(schema);
  if (type === 'object') return validObject(schema, hints);
  if (type === 'null') return fc.constant(null);
  if (type === 'boolean') return fc.boolean();
  if (type === 'integer' || type === 'number') {
    return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
  }
  if (schema.format === 'date') return days;
  const hint = hints(field, schema);
  if (hint) return hint;
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.pattern) {
    const max = schema.maxLength ?? Infinity;
    return fc.stringMatching(new RegExp(schema.pattern)).filter((text) => text.length <= max);
  }
  const min = schema.minLength ?? 0;
  return plainText(min, Math.min(schema.maxLength ?? 40, min + 40));
}

export function validObject(schema: JsonSchema, hints: Hints): fc.Arbitrary<object> {
  const properties = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) {
    model[name] = validValue(property, name, hints);
  }
  return fc.record(model, { requiredKeys: schema.required ?? [] });
}

/** A hostile value for one field, chosen by what the field is meant to hold. */
export function hostileValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const numeric = schema.pattern?.includes('\\d') || types(schema).includes('integer');
  return fc.oneof(
    { weight: 6, arbitrary: ruleBreakingStrings },
    { weight: 2, arbitrary: stressStrings },
    { weight: numeric ? 4 : 1, arbitrary: hostileNumberStrings },
    { weight: 2, arbitrary: wrongTypes },
    { weight: 1, arbitrary: deepValues },
  );
}

/** The object form of a body schema that may also be null (`{}` or nothing). */
export function objectPart(schema: JsonSchema): JsonSchema {
  return schema.anyOf?.find((part) => types(part).includes('object')) ?? schema;
}

/**
 * A hostile body, built on valid ones: mostly one field made hostile, else a prototype or
 * unexpected key added, JSON that is not an object or not JSON, or nesting thousands deep.
 */
export function hostileBody(
  schema: JsonSchema,
  valid: fc.Arbitrary<object>,
): fc.Arbitrary<unknown> {
  const fields = Object.entries(objectPart(schema).properties ?? {});
  const parts: fc.WeightedArbitrary<unknown>[] = [
    {
      weight: 2,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...prototypeKeys, 'isAdmin', 'userId'), prototypeValues)
        .map(([body, key, value]) => withKey(body, key, value)),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<unknown>(
        new RawJson('{"constructor":{"prototype":{"isAdmin":true}}}'),
        new RawJson('{"__proto__":{"isAdmin":true}}'),
        new RawJson('{"a":1,"a":2}'),
        new RawJson('{'),
        new RawJson(''),
        new RawJson('\ufeff{}'),
        new RawJson('NaN'),
        'a string',
        42,
        null,
        [],
      ),
    },
    { weight: 1, arbitrary: deepValues },
  ];
  if (fields.length > 0) {
    parts.push({
      weight: 6,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...fields))
        .chain(([body, [name, property]]) =>
          hostileValue(property).map((value) => withKey(body, name, value)),
        ),
    });
  }
  return fc.oneof(...parts);
}

/**
 * Values for one field that must be tried every run, not left to chance: a NUL and a lone
 * surrogate inside an otherwise valid value, and for days the years 0 and 9999.
 */
export function edgeValues(schema: JsonSchema, valid: unknown): unknown[] {
  const text = typeof valid === 'string' && valid.length > 0 ? valid : 'text';
  const middle = Math.ceil(text.length / 2);
  // The surrogate first: where it is stored (as U+FFFD) the database check sees it, even when
  // the NUL that follows then stops the run with a 5xx.
  const edges: unknown[] = [`${text}\ud800`, `${text.slice(0, middle)}\u0000${text.slice(middle)}`];
  if (schema.format === 'date') edges.push('0000-01-01', '9999-12-31');
  if (types(schema).includes('integer')) edges.push('NaN', '1e309', new RawJson('1e309'));
  return edges;
}

/** Percent-encoding that also writes a lone surrogate, as the three bytes WTF-8 gives it. */
export function percentEncode(text: string): string {
  let out = '';
  for (const char of text) {
    const unit = char.codePointAt(0) ?? 0;
    if (unit >= 0xd800 && unit <= 0xdfff) {
      const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
      out += bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

/** One `key=value` pair, already encoded, or raw text that is not one. */
export type QueryPart = string;

/** A query's parts from an object of values (each written as text, as a browser would). */
export function queryOf(values: object): QueryPart[] {
  return Object.entries(values).map(([key, value]) => `${key}=${percentEncode(String(value))}`);
}

const hostileQueryText: fc.Arbitrary<QueryPart> = fc.oneof(
  hostileStrings.filter((text) => text.length < 70_000).map(percentEncode),
  hostileNumberStrings.map(percentEncode),
  fc.constantFrom('%', '%zz', '%C0%80', '%00', '%FF%FE', '%ED%A0%80', 'a'.repeat(65_536)),
);

/** A hostile query: a field made hostile or repeated, prototype keys, brackets, odd encodings. */
export function hostileQuery(
  schema: JsonSchema,
  valid: fc.Arbitrary<object>,
): fc.Arbitrary<QueryPart[]> {
  const fields = Object.keys(schema.properties ?? {});
  const field = fields.length > 0 ? fc.constantFrom(...fields) : fc.constant('q');
  return fc
    .tuple(valid.map(queryOf), field, hostileQueryText, fc.nat(5))
    .map(([parts, name, value, shape]) => {
      const rest = parts.filter((part) => !part.startsWith(`${name}=`));
      switch (shape) {
        case 1:
          return [...parts, `${name}=${value}`, `${name}=1`];
        case 2:
          return [...parts, `${name}[]=${value}`, `${name}[a]=1`];
        case 3:
          return [...parts, `__proto__=${value}`, '__proto__[isAdmin]=1', 'constructor=x'];
        case 4:
          return [...rest, `${value}=${value}`];
        default:
          return [...rest, `${name}=${value}`];
      }
    });
}
