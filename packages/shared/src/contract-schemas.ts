// Schemas many contracts share. Kept apart from contract.ts, which the web app's client imports
// on every page and which therefore holds no zod code.
import { z } from 'zod';

/** A request without a body: Fastify gives a missing body as null; `{}` is accepted too. */
export const noBody = z.strictObject({}).nullish();

/** The answer of a 204. */
export const noContent = z.null().describe('No content');
