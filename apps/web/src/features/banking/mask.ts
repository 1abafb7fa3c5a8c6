// How a bank account number or IBAN is shown: only its last four characters, the rest as dots
// (SPEC §2 /withdrawal), so a screen over a shoulder does not give the whole number away.

/** "DE89370400440532013000" → "•••• 3000"; four characters or fewer are shown as they are. */
export function maskAccount(value: string): string {
  const compact = value.replace(/\s+/g, '');
  if (compact.length <= 4) return compact;
  return `•••• ${compact.slice(-4)}`;
}
