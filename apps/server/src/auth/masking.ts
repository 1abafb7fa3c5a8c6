// How a customer is named to someone who should not learn who they are: confirmation of payee,
// and the public check of a signed statement.

/** "Amira Haddad" → "A*** H***": the initials, never the length; no name → "a***@e***.com". */
export function maskName(fullName: string | null, email: string): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length > 0) return words.map((word) => `${[...word][0] ?? ''}***`).join(' ');
  const [local = '', domain = ''] = email.split('@');
  const dot = domain.lastIndexOf('.');
  const tld = dot === -1 ? '' : domain.slice(dot);
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***${tld}`;
}
