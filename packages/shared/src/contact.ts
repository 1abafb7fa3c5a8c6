// The contact form: one schema for the browser form and the server parser (SPEC §5).
import { z } from 'zod';

export const contactMessageSchema = z.strictObject({
  fullName: z
    .string('contact:errors.fullName')
    .trim()
    .min(2, 'contact:errors.fullName')
    .max(200, 'contact:errors.tooLong'),
  email: z.email('contact:errors.email').max(254, 'contact:errors.email'),
  phone: z
    .string('contact:errors.phone')
    .trim()
    .min(10, 'contact:errors.phone')
    .max(40, 'contact:errors.phone'),
  enquiry: z
    .string('contact:errors.enquiry')
    .trim()
    .min(10, 'contact:errors.enquiry')
    .max(5000, 'contact:errors.tooLong'),
});

export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactReceiptSchema = z.object({ id: z.string() });
