// Toasts without putting sonner on the first page load: the library and its <Toaster> load on
// the first toast. Same call shape as sonner's toast.success / toast.error. Three rules keep old
// news off the screen: one toast of each kind at a time (a new error takes the place of the one
// showing, so repeated tries do not stack), a success takes the place of the errors still showing
// (they were this page's, and the success is the retry that worked), and leaving a page takes
// down its errors.
import { type ComponentType, createElement, useEffect, useState } from 'react';
import type * as SonnerModule from 'sonner';
import type { ExternalToast, ToasterProps } from 'sonner';

type Sonner = typeof SonnerModule;

let sonner: Promise<Sonner> | undefined;
let mountToaster: ((module: Sonner) => void) | undefined;
let toasterReady: Promise<void> | undefined;
let markReady: (() => void) | undefined;

function ensureToaster(): Promise<Sonner> {
  if (!sonner) {
    toasterReady = new Promise((resolve) => (markReady = resolve));
    sonner = import('./sonner').then((module) => {
      mountToaster?.(module);
      return module;
    });
  }
  return sonner.then(async (module) => {
    await toasterReady;
    return module;
  });
}

function dismissErrors(module: Sonner): void {
  for (const shown of module.toast.getToasts()) {
    if ('type' in shown && shown.type === 'error') module.toast.dismiss(shown.id);
  }
}

type Kind = 'success' | 'error' | 'message';

/** The toast of each kind on screen (or last shown), which the next of its kind takes down. */
const showing = new Map<Kind, string | number>();
let shown = 0;

function show(kind: Kind, title: string, options?: ExternalToast): void {
  // Each toast its own id: sonner does not show again a toast under the id of one it has
  // dismissed, so reusing one id per kind lost every success after the first had faded.
  shown += 1;
  const id = options?.id ?? `${kind}-${shown}`;
  void ensureToaster().then((module) => {
    const previous = showing.get(kind);
    if (previous !== undefined && previous !== id) module.toast.dismiss(previous);
    showing.set(kind, id);
    if (kind === 'message') module.toast(title, { ...options, id });
    else {
      if (kind === 'success') dismissErrors(module);
      module.toast[kind](title, { ...options, id });
    }
  });
}

export const toast = {
  success: (title: string, options?: ExternalToast) => show('success', title, options),
  error: (title: string, options?: ExternalToast) => show('error', title, options),
  message: (title: string, options?: ExternalToast) => show('message', title, options),
};

/** On a change of page: its error toasts go; successes stay to be read. */
export function dismissErrorToasts(): void {
  void sonner?.then(dismissErrors);
}

/** Renders sonner's Toaster once the first toast has loaded it. */
export function LazyToaster(props: ToasterProps) {
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => {
    mountToaster = (module) => setToaster(() => module.Toaster);
    return () => {
      mountToaster = undefined;
    };
  }, []);
  useEffect(() => {
    if (Toaster) markReady?.();
  }, [Toaster]);
  return Toaster ? createElement(Toaster, props) : null;
}
