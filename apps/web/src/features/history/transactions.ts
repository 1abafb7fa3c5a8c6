// Journal rows as customers think of them: one transaction per movement they made, grouped by
// the rule the CSV export follows too (shared/history-movements.ts), so the screen and the file
// show the same lines and the same figures.
export {
  groupMovements as groupTransactions,
  type Movement as Transaction,
} from '@secure-vault/shared/history-movements';
