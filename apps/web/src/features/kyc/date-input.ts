// Typing a date of birth as DD/MM/YYYY (SPEC §5) on a phone's numeric keypad, which has no "/":
// the slashes are added as the digits are typed, and eight digits pasted at once are laid out.

/** The field's new value after an edit from `previous` to `typed`. */
export function withDateSlashes(typed: string, previous: string): string {
  // A slash typed right after one added for it counts once.
  const next = typed.replace(/\/{2,}/g, '/');
  if (/^\d{8}$/.test(next)) return `${next.slice(0, 2)}/${next.slice(2, 4)}/${next.slice(4)}`;
  // Only while typing forward: deleting a slash must stay possible.
  if (next.length > previous.length && /^(\d{2}|\d{2}\/\d{2})$/.test(next)) return `${next}/`;
  return next;
}
