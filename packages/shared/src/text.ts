// The one rule for text the API accepts (issue 9, finding 3): well-formed Unicode and no control
// characters, so nothing reaches PostgreSQL (which refuses NUL), the audit log or a mail that it
// would refuse, alter or show differently. Every string field of a request schema is built here
// or holds a stricter pattern (email, uuid, enum, digits, decimal, token).
import { z } from 'zod';

/** The message of a refusal, in every form (decision 003): the field holds unusable text. */
export const textInvalidMessage = 'common:errors.textInvalid';

// With the u flag a correctly paired surrogate is one code point and does not match, so this
// finds only a lone half, which UTF-8 cannot encode (drivers store U+FFFD in its place).
const loneSurrogate = /[\uD800-\uDFFF]/u;
/** C0 (NUL included), DEL and C1. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const anyControl = /[\u0000-\u001F\u007F-\u009F]/u;
/** The same without line feed and tab (carriage returns are folded into line feeds first). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlBesidesNewlineAndTab = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/u;
/**
 * Bidi embeddings, overrides and isolates (LRE…RLO, LRI…PDI) and the line and paragraph
 * separators. These change how the text after them is laid out until they are closed, so a name
 * holding one can show as something else in a list (Trojan Source, CVE-2021-42574). Marks that
 * change nothing beyond themselves (LRM, RLM, ALM) stay allowed: Arabic text typed beside digits
 * or Latin letters legitimately holds them.
 */
const layoutControl = /[\u202A-\u202E\u2066-\u2069\u2028\u2029]/u;

/** One line of text: a name, an item name, a place, a phone number, a symbol. */
export function isSingleLineText(value: string): boolean {
  return !loneSurrogate.test(value) && !anyControl.test(value) && !layoutControl.test(value);
}

/**
 * Free text over several lines: line feeds and tabs are allowed, and so are bidi controls, since
 * a paragraph end closes them and these fields are shown as paragraphs, never in a list row.
 */
export function isMultiLineText(value: string): boolean {
  return !loneSurrogate.test(value) && !controlBesidesNewlineAndTab.test(value);
}

/**
 * A secret typed by a person (a password): compared, never shown, so not trimmed and any
 * printable character is allowed, but still well-formed (a lone surrogate would be hashed as
 * U+FFFD, making two different inputs the same password) and free of control characters.
 */
export function isSecretText(value: string): boolean {
  return !loneSurrogate.test(value) && !anyControl.test(value);
}

const refusedInSingleLine = new RegExp(
  `(?:${[loneSurrogate, anyControl, layoutControl].map((re) => re.source).join('|')})+`,
  'gu',
);

/**
 * Text the server did not ask a person for (a User-Agent header) made into one line the rule
 * accepts: every run of characters `isSingleLineText` refuses becomes one space, and the result
 * is trimmed.
 */
export function toSingleLineText(value: string): string {
  return value.replace(refusedInSingleLine, ' ').trim();
}

const rule = { message: textInvalidMessage, abort: true } as const;

/**
 * A trimmed single line. `typeMessage` is the field's own key for a missing or non-string value.
 * Chain `.min()` / `.max()` after it: a refusal of the characters stops the other checks, so the
 * field shows the one message that says what to fix.
 */
export function singleLineText(typeMessage?: string) {
  return z.string(typeMessage).trim().refine(isSingleLineText, rule);
}

/** Trimmed text over several lines; CRLF is stored as LF, the one line break the web sends. */
export function multiLineText(typeMessage?: string) {
  return z
    .string(typeMessage)
    .overwrite((value) => value.replaceAll('\r\n', '\n'))
    .trim()
    .refine(isMultiLineText, rule);
}

/** A password or other secret: kept exactly as typed. */
export function secretText(typeMessage?: string) {
  return z.string(typeMessage).refine(isSecretText, rule);
}
