// The price feed's health on the staff Prices tab (decision 028): off, live, failing or halting
// trades, where it is polled from, when it last polled and last succeeded, why it last failed,
// how often it polls and after how long an asset it prices is halted, and which assets are
// halted now. With no feed set up, it says plainly that prices change only by staff proposals.
import type { ReactNode } from 'react';
import { Info, RadioTower } from 'lucide-react';
import type { PriceFeedStatus } from '@secure-vault/shared/prices';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { StatusBadge, type StatusTones } from '@/components/ui/status-badge';
import { assetName } from '@/lib/asset-name';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { ageText, durationText, type FeedState, feedStateOf } from './price-text';

const feedTones: StatusTones<FeedState> = {
  off: 'grey',
  live: 'green',
  failing: 'amber',
  halted: 'red',
};

const dateTime: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' };

/** A time with its age ("2 minutes ago"), or "Never". */
function When({ value, now }: { value: string | null; now: number }) {
  const { t } = useTranslation('admin');
  if (value === null)
    return <span className="text-muted-foreground">{t('prices.feed.never')}</span>;
  return (
    <span className="grid gap-0.5">
      <span>{ageText(Date.parse(value), now)}</span>
      <time dateTime={value} className="text-xs text-muted-foreground">
        {formatDate(value, undefined, dateTime)}
      </time>
    </span>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-1">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words text-sm">{children}</dd>
    </div>
  );
}

function HaltedAssets({ symbols }: { symbols: readonly string[] }) {
  const { t } = useTranslation(['admin', 'catalogue']);
  if (symbols.length === 0) {
    return <span className="text-muted-foreground">{t('prices.feed.haltedNone')}</span>;
  }
  return (
    <ul className="flex flex-wrap gap-2" data-testid="feed-halted">
      {symbols.map((symbol) => (
        <li key={symbol}>
          <StatusBadge
            status="halted"
            tones={feedTones}
            label={`${assetName(t, symbol)} (${symbol})`}
            testId="feed-halted-asset"
          />
        </li>
      ))}
    </ul>
  );
}

function FeedFacts({ feed, now }: { feed: PriceFeedStatus; now: number }) {
  const { t } = useTranslation('admin');
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <Fact label={t('prices.feed.source')}>
        <bdi dir="ltr" className="break-all font-mono">
          {feed.source ?? '—'}
        </bdi>
      </Fact>
      <Fact label={t('prices.feed.lastPolled')}>
        <When value={feed.lastPolledAt} now={now} />
      </Fact>
      <Fact label={t('prices.feed.lastSuccess')}>
        <When value={feed.lastSuccessAt} now={now} />
      </Fact>
      <Fact label={t('prices.feed.lastError')}>
        {feed.lastError === null ? (
          <span className="text-muted-foreground">{t('prices.feed.noError')}</span>
        ) : (
          // The server words it in English for staff (the contract says so).
          <span lang="en" dir="ltr" className="block text-destructive" data-testid="feed-error">
            {feed.lastError}
          </span>
        )}
      </Fact>
      <Fact label={t('prices.feed.intervals')}>
        {t('prices.feed.intervalsText', {
          interval: durationText(feed.intervalSeconds),
          stale: durationText(feed.staleAfterSeconds),
        })}
      </Fact>
      <Fact label={t('prices.feed.halted')}>
        <HaltedAssets symbols={feed.halted} />
      </Fact>
    </dl>
  );
}

export function FeedStatusCard({ feed, now }: { feed: PriceFeedStatus; now: number }) {
  const { t } = useTranslation('admin');
  const state = feedStateOf(feed);
  return (
    <Card data-testid="feed-status">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <h3 className="flex items-center gap-2 text-lg font-semibold leading-tight">
          <RadioTower aria-hidden className="size-5 text-accent-strong" />
          {t('prices.feed.title')}
        </h3>
        <StatusBadge
          status={state}
          tones={feedTones}
          label={t(`prices.feed.states.${state}`)}
          testId="feed-state"
        />
      </CardHeader>
      <CardContent>
        {feed.configured ? (
          <FeedFacts feed={feed} now={now} />
        ) : (
          <Alert data-testid="feed-off">
            <Info aria-hidden />
            <p>{t('prices.feed.offBody')}</p>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
