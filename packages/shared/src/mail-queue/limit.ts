/** At most this many undelivered messages are listed for staff, newest first. */
export const undeliveredMailLimit = 100;
