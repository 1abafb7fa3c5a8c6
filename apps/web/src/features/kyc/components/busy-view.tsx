// The wizard's waiting screens (SPEC §2): "Creating Your Account" after the currency and
// "Processing Your Documents" after the upload, announced to screen readers.
import { LoaderCircle } from 'lucide-react';
import { ProgressBar } from './progress-bar';

export function BusyView({
  title,
  description,
  percent,
}: {
  title: string;
  description: string;
  /** A progress bar at this share (SPEC §9: 75% while the account is created). */
  percent?: number;
}) {
  return (
    <div
      role="status"
      className="grid justify-items-center gap-4 py-8 text-center"
      data-testid="kyc-busy"
    >
      <LoaderCircle aria-hidden className="size-8 animate-spin text-accent-strong" />
      <p className="text-lg font-semibold">{title}</p>
      <p className="text-sm text-muted-foreground">{description}</p>
      {percent !== undefined ? (
        <ProgressBar value={percent} max={100} label={title} className="max-w-sm" />
      ) : null}
    </div>
  );
}
