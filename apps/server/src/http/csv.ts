// CSV cells for the downloads (RFC 4180: fields with commas, quotes or line breaks quoted, quotes
// doubled), shared by the history and the audit log exports.

export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * Free text (item names come from staff, addresses from customers) that a spreadsheet would run
 * as a formula gets a leading apostrophe (OWASP "CSV injection"); numbers are left alone.
 */
export function csvText(value: string | null): string {
  if (value === null) return '';
  return csvField(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
}
