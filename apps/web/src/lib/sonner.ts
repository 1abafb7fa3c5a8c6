// sonner with its rules as a stylesheet file. sonner inserts them as a `<style>` element when it
// loads, which our CSP refuses (style-src has no 'unsafe-inline'); the build takes that insertion
// out (vite.config.ts) and this import brings the same rules in as a file, loaded with this chunk.
import 'sonner/dist/styles.css';

export * from 'sonner';
