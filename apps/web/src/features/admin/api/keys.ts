// Every admin query starts with 'admin', so a change made here can refresh all the panel's
// figures at once (a valuable changes the lists and the net worths together).
export const adminQueryKey = ['admin'] as const;
