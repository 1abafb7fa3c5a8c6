// SPEC §2 dashboard quick actions: links to the trading and account screens, KYC (disabled with
// a completed mark once done, otherwise saying where it stands), and Swap Assets, which the
// dashboard page brings from trading. Offline, every tile is shown disabled.
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import {
  Bitcoin,
  Building2,
  CheckCheck,
  FileClock,
  IdCard,
  Lock,
  Repeat,
  Send,
  Truck,
  Weight,
} from 'lucide-react';
import type { KycStatus } from '@secure-vault/shared/kyc';
import { paths } from '@secure-vault/shared/paths';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';

export const tileClass =
  'flex h-full min-h-22 flex-col items-center justify-center gap-2 rounded-lg border bg-card p-3 text-center text-sm font-medium leading-tight shadow-sm transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&_svg]:size-5 [&_svg]:shrink-0 [&_svg]:text-accent-strong';

interface Action {
  key: string;
  to: string;
  icon: ComponentType<{ 'aria-hidden'?: boolean }>;
}

const actions: Action[] = [
  { key: 'metals', to: paths.preciousMetals, icon: Weight },
  { key: 'transfer', to: paths.transferAssets, icon: Send },
  { key: 'interAccounts', to: paths.interAccounts, icon: Building2 },
  // SPEC §2: Track Items goes to Settings, here straight to its delivery tracking view.
  { key: 'track', to: `${paths.settingsDelivery}?view=track#delivery`, icon: Truck },
  { key: 'crypto', to: paths.crypto, icon: Bitcoin },
  { key: 'fixedAssets', to: paths.fixedAssets, icon: Lock },
  { key: 'history', to: paths.history, icon: FileClock },
];

/** What the KYC tile adds under its name while the verification is not complete. */
const kycNotes: Partial<Record<KycStatus, string>> = {
  draft: 'actions.kycInProgress',
  submitted: 'actions.kycUnderReview',
  rejected: 'actions.kycRejected',
};

/** A tile that cannot be used offline: its name, muted, and why it does nothing. */
function OfflineTile({ icon: Icon, label }: { icon: Action['icon']; label: string }) {
  const { t } = useTranslation('vault');
  return (
    <span
      role="link"
      aria-disabled="true"
      className={cn(tileClass, 'cursor-not-allowed text-muted-foreground opacity-60 hover:bg-card')}
    >
      <Icon aria-hidden />
      <span>
        {label}
        <span className="sr-only"> — {t('offline.actionUnavailable')}</span>
      </span>
    </span>
  );
}

export function QuickActions({
  kycStatus,
  swapAction,
  isOffline = false,
}: {
  /** Unknown while it loads or when it could not be loaded: the tile then simply leads to /kyc. */
  kycStatus: KycStatus | undefined;
  /** The Swap Assets tile, given the tile's classes; it may suspend while its code loads. */
  swapAction: (className: string) => ReactNode;
  /** No network: every action is shown, none can be taken. */
  isOffline?: boolean;
}) {
  const { t } = useTranslation('vault');
  const kycNote = kycStatus ? kycNotes[kycStatus] : undefined;
  if (isOffline) {
    return (
      <nav aria-label={t('actions.label')}>
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5 sm:gap-3 lg:grid-cols-9">
          {[...actions, { key: 'kyc', icon: IdCard }, { key: 'swap', icon: Repeat }].map(
            ({ key, icon }) => (
              <li key={key}>
                <OfflineTile icon={icon} label={t(`actions.${key}`)} />
              </li>
            ),
          )}
        </ul>
      </nav>
    );
  }
  return (
    <nav aria-label={t('actions.label')}>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5 sm:gap-3 lg:grid-cols-9">
        {actions.map(({ key, to, icon: Icon }) => (
          <li key={key}>
            <Link to={to} className={tileClass}>
              <Icon aria-hidden />
              {t(`actions.${key}`)}
            </Link>
          </li>
        ))}
        <li>
          {kycStatus === 'approved' ? (
            // Done once and for all: shown, not offered (SPEC §2).
            <span
              role="link"
              aria-disabled="true"
              className={cn(tileClass, 'cursor-default text-muted-foreground hover:bg-card')}
              data-testid="kyc-action-done"
            >
              <CheckCheck aria-hidden className="text-success!" />
              <span>
                {t('actions.kyc')}
                <span className="sr-only"> — {t('actions.kycDone')}</span>
              </span>
            </span>
          ) : (
            <Link to={paths.kyc} className={tileClass} data-testid="kyc-action">
              <IdCard aria-hidden />
              <span className="grid gap-0.5">
                {t('actions.kyc')}
                {kycNote ? (
                  <span className="text-xs font-normal text-muted-foreground">{t(kycNote)}</span>
                ) : null}
              </span>
            </Link>
          )}
        </li>
        <li>{swapAction(tileClass)}</li>
      </ul>
    </nav>
  );
}
