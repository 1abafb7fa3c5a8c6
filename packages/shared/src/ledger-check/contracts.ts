// The ledger reconciliation for staff (issue 15 item 6).
export {};
