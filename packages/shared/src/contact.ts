// The contact form: one schema for the browser form and the server parser (SPEC §5). The enquiry
// may run over several lines; the other fields are single lines (text.ts).
import { z } from 'zod';
import { multiLineText, singleLineText } from './text.ts';

export const contactMessageSchema = z.strictObject({
  fullName: singleLineText('contact:errors.fullName')
    .min(2, 'contact:errors.fullName')
    .max(200, 'contact:errors.tooLong'),
  email: z.email('contact:errors.email').max(254, 'contact:errors.email'),
  phone: singleLineText('contact:errors.phone')
    .min(10, 'contact:errors.phone')
    .max(40, 'contact:errors.phone'),
  enquiry: multiLineText('contact:errors.enquiry')
    .min(10, 'contact:errors.enquiry')
    .max(5000, 'contact:errors.tooLong'),
});

export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactReceiptSchema = z.object({ id: z.string() });
