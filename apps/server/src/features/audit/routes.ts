// The audit viewer (contracts: shared/audit/contracts.ts): staff read the log a page at a time,
// or download the matching rows as CSV.
import type { FastifyInstance } from 'fastify';
import * as audit from '@secure-vault/shared/audit/contracts';
import { languageFromHeader } from '@secure-vault/shared/i18n';
import type { AppContext } from '../../context.ts';
import { route } from '../../http/route.ts';
import { auditCsvFilename, exportAuditCsv } from './export-audit.ts';
import { listAuditLog } from './list-audit.ts';

export function auditRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, audit.listAuditLog, async (request, _auth, reply) => {
    reply.header('cache-control', 'no-store');
    const { page, pageSize, ...filter } = request.query;
    return listAuditLog(ctx.db, filter, { page, pageSize });
  });

  route(app, audit.exportAuditLog, async (request, _auth, reply) => {
    const { language, ...filter } = request.query;
    const csv = await exportAuditCsv(
      ctx.db,
      filter,
      language ?? languageFromHeader(request.headers['accept-language']),
    );
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${auditCsvFilename(ctx.clock.now())}"`)
      .type('text/csv; charset=utf-8')
      .send(csv);
  });
}
