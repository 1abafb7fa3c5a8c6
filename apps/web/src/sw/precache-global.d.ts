// What the build writes in place of `self.__SV_PRECACHE__` in the service worker (vite.config.ts):
// this build's precache. Declared as a global so the worker reads it as written, with its type.
// eslint-disable-next-line no-var -- only a global `var` is a property of globalThis's type
declare var __SV_PRECACHE__: { version: string; urls: string[] };
