// The reconciliation's report as text for a shell (`npm run check:ledger`, `npm run seed`).
import type { LedgerReport } from '@secure-vault/shared/ledger-check/contracts';

/** The report as lines of text, for a shell. */
export function formatLedgerReport(report: LedgerReport): string {
  const lines: string[] = [
    `Ledger check at ${report.checkedAt} (journal position ${report.journalPosition ?? 'empty'})`,
  ];
  for (const d of report.differences) {
    const who = d.email ?? d.userId ?? 'platform';
    const what = d.itemName ?? d.valuableId ?? '';
    const id = d.valuableId ? ` [${d.valuableId}]` : '';
    if (d.kind === 'unbalanced') {
      lines.push(
        `  DIFFERENCE unbalanced: movement ${d.movement ?? '?'} ${d.itemName ?? 'custody items'}: expected 0, actual ${d.actual}`,
      );
      continue;
    }
    lines.push(
      `  DIFFERENCE ${d.kind}: ${who} ${what}${id}: expected ${d.expected}, actual ${d.actual}`,
    );
  }
  const p = report.platform;
  lines.push(
    'Platform totals:',
    `  holdings value      ${p.holdingsValue}`,
    `  journal value       ${p.journalValue}`,
    `  rounding account    ${p.roundingAccount}`,
    `  cash                ${p.cash}`,
    `  deposits            ${p.deposits}`,
    `  withdrawals         ${p.withdrawals}`,
    `  fixed-term profit   ${p.fixedTermProfit}`,
    `  staff adjustments   ${p.staffAdjustments}`,
    `  delivered           ${p.delivered}`,
    `  journal rows        ${p.journalRows}`,
    `  movements           ${report.movements}`,
    // Every account in the asset's own unit: quantity, or dollars for cash and custody items.
    // Customers' holdings are what the platform owes; the columns sum to zero when balanced.
    'Platform position by asset (customers, trading book, rounding, world, interest, custody intake):',
    ...report.positions.map(
      (position) =>
        `  ${(position.asset ?? 'custody items').padEnd(14)} ${[
          position.customers,
          position.tradingBook,
          position.rounding,
          position.world,
          position.interest,
          position.custodyIntake,
        ].join('  ')}`,
    ),
  );
  const position = report.journalPosition ?? 'empty';
  lines.push(
    report.ok
      ? `Ledger OK: ${report.customers} customers, ${report.holdings} holdings, journal position ${position}`
      : `Ledger NOT OK: ${report.differences.length} difference(s) in ${report.customers} customers, ${report.holdings} holdings, journal position ${position}`,
  );
  return lines.join('\n');
}
