// One labelled figure of a receipt: the label beside its value from 640 px, above it on a phone.
import type { ReactNode } from 'react';

export function ReceiptRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[11rem_1fr] sm:gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 font-medium">{children}</dd>
    </div>
  );
}

/** A number, an account or a reference: left to right inside Arabic text too. */
export function Ltr({ children, testId }: { children: string; testId?: string }) {
  return (
    <bdi dir="ltr" className="font-mono break-all" data-testid={testId}>
      {children}
    </bdi>
  );
}
