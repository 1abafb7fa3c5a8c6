// What the service worker (service-worker.ts) stores when it installs: the app's shell, taken
// from Vite's manifest of the build (each entry's script, the scripts it imports at once and
// their stylesheets, all with hashed names), the public files that are not hashed (icons, the
// web app manifests, theme-init.js, the offline screen) and the public pages. What a page loads
// later (a lazy page's chunk, a language's texts, a font) is stored when it is first fetched.

/** One entry of Vite's `.vite/manifest.json`, as far as the shell needs it. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export type ViteManifest = Record<string, ManifestChunk>;

export interface Precache {
  /** Names the build: a new list is a new version, whose caches replace the old ones. */
  version: string;
  /** Same-origin paths, each starting with `/`. */
  urls: string[];
}

/** Public files that are not part of the installable shell. */
const notShell = new Set(['robots.txt', 'sw.js']);

/** Each entry's file, its static imports (followed through) and every stylesheet among them. */
function shellFiles(manifest: ViteManifest): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Precache: the manifest has no entry ${key}.`);
    files.push(chunk.file, ...(chunk.css ?? []));
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry && chunk.file !== 'sw.js') visit(key);
  }
  return files;
}

/** 32-bit FNV-1a of the text, in hex: short, stable, and enough to tell two builds apart. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * The precache of a build: the shell's hashed files from the manifest, the public files (names
 * relative to the public folder, e.g. `icons/icon-192.png`) and the public pages (`/`, `/about`).
 */
export function precacheOf(
  manifest: ViteManifest,
  publicFiles: readonly string[],
  pages: readonly string[],
): Precache {
  const files = [
    ...shellFiles(manifest),
    ...publicFiles.filter((name) => !notShell.has(name) && !name.endsWith('.map')),
  ].map((name) => `/${name.replace(/^\/+/, '')}`);
  const urls = [...new Set([...files, ...pages])].sort();
  return { version: fnv1a(urls.join('\n')), urls };
}
