/** Public contact details. They are placeholders until the company's real ones are confirmed (SPEC §1). */
export const contactDetails = {
  phone: '+971 4 000 0000',
  email: 'enquiries@securevault.example',
} as const;
