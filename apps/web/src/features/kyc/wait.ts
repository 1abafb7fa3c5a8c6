/** Resolves after `ms` (the wizard's timed screens, SPEC §9). */
export function wait(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
