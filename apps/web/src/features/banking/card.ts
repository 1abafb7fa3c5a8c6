// The card of a card deposit, as the customer types it (SPEC §5 "Card deposit", §9; DESIGN §4):
// the number in groups of four, the expiry as MM/YY, the CVV as digits, checked here with Luhn
// and the calendar. The number and the CVV stay in the browser: `cardDepositBody` is the only
// way out of the form, and it keeps the last four digits and the brand.
import { z } from 'zod';
import type { RequestLimit } from '@secure-vault/shared/banking/limits';
import {
  type CardDepositRequest,
  cardTypeOf,
  isLuhnValid,
  requestAmountSchema,
} from '@secure-vault/shared/transfers';
import { limitProblem } from './limits';

/** SPEC §9: a card number of up to 19 characters, i.e. 16 digits in four groups of four. */
export const cardNumberMaxLength = 19;
export const cardDigitsMax = 16;
/** Shorter numbers exist (old Visa cards have 13 digits); Luhn catches a typo in any of them. */
export const cardDigitsMin = 12;
export const expiryLength = 5;
export const cvvMaxLength = 4;
const cvvMinLength = 3;

export function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

/** "4242424242424242" or "4242 4242 4242 42" → "4242 4242 4242 42", at most 16 digits. */
export function formatCardNumber(text: string): string {
  const digits = digitsOf(text).slice(0, cardDigitsMax);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * The expiry as typed: "1" → "1", "128" → "12/8", "1228" → "12/28". A first digit above 1 can
 * only be a month on its own, so "4" → "04". No slash until the year starts, so deleting the
 * last year digit never leaves the caret stuck behind a slash the formatter puts back.
 */
export function formatExpiry(text: string): string {
  let digits = digitsOf(text).slice(0, 4);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`.slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

export function formatCvv(text: string): string {
  return digitsOf(text).slice(0, cvvMaxLength);
}

/** MM/YY names a real month that has not ended yet (a card is good through its expiry month). */
export function isExpiryCurrent(expiry: string, now: Date = new Date()): boolean {
  const match = /^(\d{2})\/(\d{2})$/.exec(expiry);
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  const thisYear = now.getFullYear();
  const thisMonth = now.getMonth() + 1;
  return year > thisYear || (year === thisYear && month >= thisMonth);
}

/** Required (SPEC §8 "all card details and amount"), each field saying what it wants. */
const filled = (message: string) => z.string().trim().min(1, `banking:card.errors.${message}`);

/**
 * What the card deposit dialog holds, each field with its own message. The amount is also held
 * to the deposit limits when they are known (features/banking/limits.ts).
 */
export function cardDepositFormSchema(now: () => Date = () => new Date(), limit?: RequestLimit) {
  return z.object({
    amount: filled('amountRequired')
      .pipe(requestAmountSchema)
      .superRefine((amount, context) => {
        const problem = limitProblem(amount, limit);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      }),
    cardholderName: filled('nameRequired').max(140, 'banking:errors.tooLong'),
    cardNumber: filled('numberRequired').refine((value) => {
      const digits = digitsOf(value);
      return digits.length >= cardDigitsMin && isLuhnValid(digits);
    }, 'banking:card.errors.numberInvalid'),
    expiry: filled('expiryRequired')
      .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'banking:card.errors.expiryInvalid')
      .refine((value) => isExpiryCurrent(value, now()), 'banking:card.errors.expiryPast'),
    cvv: filled('cvvRequired').regex(
      new RegExp(`^\\d{${cvvMinLength},${cvvMaxLength}}$`),
      'banking:card.errors.cvvInvalid',
    ),
  });
}
export type CardDepositForm = z.input<ReturnType<typeof cardDepositFormSchema>>;

export const emptyCardDepositForm: CardDepositForm = {
  amount: '',
  cardholderName: '',
  cardNumber: '',
  expiry: '',
  cvv: '',
};

/** The request body: the amount, the last four digits and the brand — never the number or CVV. */
export function cardDepositBody(form: { amount: string; cardNumber: string }): CardDepositRequest {
  const digits = digitsOf(form.cardNumber);
  return { amount: form.amount, cardLastFour: digits.slice(-4), cardType: cardTypeOf(digits) };
}
