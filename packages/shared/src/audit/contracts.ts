// The audit viewer's operations (issue 15 item 3): staff read the audit log, newest first,
// filtered by actor, customer, action and days, a page at a time, and the same rows as a CSV
// download (a link, not a fetch).
import { z } from 'zod';
import {
  auditExportLimit,
  auditExportQuerySchema,
  auditPageSchema,
  auditQuerySchema,
} from '../audit.ts';
import { defineContract } from '../contract.ts';

const tag = 'audit';

export const listAuditLog = defineContract({
  method: 'GET',
  path: '/api/v1/admin/audit',
  access: 'admin',
  tag,
  summary: 'The audit log, newest first, filtered and paged',
  description:
    '`actor` and `customer` take an account id or an exact email address (an unknown one matches nothing); `action` one action or a family such as `admin.`; `from` and `to` are whole days in UTC, both inclusive.',
  query: auditQuerySchema,
  status: 200,
  response: auditPageSchema,
  errors: [],
});

export const exportAuditLog = defineContract({
  method: 'GET',
  path: '/api/v1/admin/audit.csv',
  access: 'admin',
  tag,
  summary: 'The audit log as CSV: the rows matching the filters, newest first',
  description: `At most the newest ${auditExportLimit.toLocaleString('en')} rows. The header is the log's own, in English; each row has its action's code and, beside it, the action's name in \`language\` (or the first supported language of Accept-Language); details are JSON.`,
  query: auditExportQuerySchema,
  status: 200,
  response: z.string().describe('RFC 4180 CSV with a header row'),
  responseType: 'text/csv',
  errors: [],
});
