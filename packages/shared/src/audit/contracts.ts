// The audit viewer (issue 15 item 3): staff read the audit log. Contracts are added here.
export {};
