// Toasts without putting sonner on the first page load: the library and its <Toaster> load on
// the first toast. Same call shape as sonner's toast.success / toast.error.
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

function show(kind: 'success' | 'error' | 'message', title: string, options?: ExternalToast): void {
  void ensureToaster().then((module) => {
    if (kind === 'message') module.toast(title, options);
    else module.toast[kind](title, options);
  });
}

export const toast = {
  success: (title: string, options?: ExternalToast) => show('success', title, options),
  error: (title: string, options?: ExternalToast) => show('error', title, options),
  message: (title: string, options?: ExternalToast) => show('message', title, options),
};

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
