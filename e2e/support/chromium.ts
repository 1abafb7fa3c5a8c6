import { existsSync } from 'node:fs';

/** Debian's Chromium (or CHROMIUM_PATH); undefined when none is installed. */
export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((path): path is string => Boolean(path && existsSync(path)));
}
