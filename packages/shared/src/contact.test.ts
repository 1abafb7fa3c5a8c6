import { describe, expect, it } from 'vitest';
import { contactMessageSchema } from './contact.ts';

const valid = {
  fullName: 'Layla Haddad',
  email: 'layla@example.com',
  phone: '+971 50 123 4567',
  enquiry: 'I would like to store a collection of gold coins.',
};

function messagesFor(input: unknown): string[] {
  const result = contactMessageSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('contactMessageSchema', () => {
  it('accepts a complete message and trims it', () => {
    const parsed = contactMessageSchema.parse({ ...valid, fullName: '  Layla Haddad  ' });
    expect(parsed.fullName).toBe('Layla Haddad');
  });

  it.each([
    ['fullName', 'L', 'contact:errors.fullName'],
    ['fullName', '  L  ', 'contact:errors.fullName'],
    ['email', 'layla.example.com', 'contact:errors.email'],
    ['phone', '12345', 'contact:errors.phone'],
    ['enquiry', 'Too short', 'contact:errors.enquiry'],
  ])('refuses %s = %j with %s', (field, value, message) => {
    expect(messagesFor({ ...valid, [field]: value })).toEqual([message]);
  });

  it('refuses unknown keys', () => {
    expect(contactMessageSchema.safeParse({ ...valid, admin: true }).success).toBe(false);
  });

  it('accepts the SPEC minimums exactly', () => {
    expect(
      messagesFor({ ...valid, fullName: 'Al', phone: '0501234567', enquiry: '1234567890' }),
    ).toEqual([]);
  });
});
