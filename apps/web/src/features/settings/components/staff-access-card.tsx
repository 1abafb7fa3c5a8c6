// The customer's staff-access log (DESIGN §4, issue 15 item 4): every time staff signed in as
// them (with what changed meanwhile), opened their documents or changed their account, newest
// first, a page at a time. Staff are named by role and a short reference only.
import type { ReactNode } from 'react';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import {
  ArrowLeftRight,
  BadgeCheck,
  FileText,
  Gem,
  KeyRound,
  Landmark,
  ShieldCheck,
  Truck,
  UserCog,
} from 'lucide-react';
import { dec } from '@secure-vault/shared/money';
import type { Language } from '@secure-vault/shared/i18n';
import * as staffAccess from '@secure-vault/shared/staff-access/contracts';
import type {
  StaffAccessChange,
  StaffAccessEntry,
  StaffAccessKind,
} from '@secure-vault/shared/staff-access/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { callApi } from '@/lib/api-client';
import { apiKey } from '@/lib/api-query';
import { formatDate, localeOf } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { formatUsd, ltrIsolate } from '@/lib/money';
import { cardTitleClass } from './section';

const staffAccessQuery = infiniteQueryOptions({
  queryKey: [...apiKey(staffAccess.getMyStaffAccess), 'pages'],
  // The first page has no cursor; each next one the cursor its previous page gave.
  queryFn: ({ pageParam, signal }: { pageParam: string | undefined; signal: AbortSignal }) =>
    callApi(staffAccess.getMyStaffAccess, {
      query: pageParam ? { cursor: pageParam } : {},
      signal,
    }),
  initialPageParam: undefined,
  getNextPageParam: (page) => page.nextCursor ?? undefined,
});

export function StaffAccessCard() {
  const { t } = useTranslation('settings');
  const log = useInfiniteQuery(staffAccessQuery);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <Card data-testid="staff-access-card">
      <CardHeader>
        <h2 className={cardTitleClass}>
          <ShieldCheck aria-hidden className="size-5 text-accent-strong" />
          {t('staffAccess.title')}
        </h2>
        <CardDescription>{t('staffAccess.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {log.isPending ? (
          <Spinner label={t('staffAccess.loading')} className="text-muted-foreground" />
        ) : null}
        {log.isError && !log.data ? (
          <LoadError onRetry={() => void log.refetch()} isRetrying={log.isFetching}>
            {t('staffAccess.loadFailed')}
          </LoadError>
        ) : null}
        {log.data && entries.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="staff-access-empty">
            {t('staffAccess.empty')}
          </p>
        ) : null}
        {entries.length > 0 ? (
          <ul className="divide-y rounded-md border" data-testid="staff-access-list">
            {entries.map((entry) => (
              <StaffAccessRow key={entry.id} entry={entry} />
            ))}
          </ul>
        ) : null}
        {log.isFetchNextPageError ? (
          <LoadError onRetry={() => void log.fetchNextPage()} isRetrying={log.isFetchingNextPage}>
            {t('staffAccess.loadMoreFailed')}
          </LoadError>
        ) : null}
        {log.hasNextPage && !log.isFetchNextPageError ? (
          <div>
            <Button
              variant="outline"
              className="w-full sm:w-auto"
              aria-busy={log.isFetchingNextPage}
              onClick={() => {
                if (!log.isFetchingNextPage) void log.fetchNextPage();
              }}
            >
              {log.isFetchingNextPage ? (
                <Spinner label={t('staffAccess.loadingMore')} />
              ) : (
                t('staffAccess.showMore')
              )}
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

const icons: Record<StaffAccessKind, typeof UserCog> = {
  impersonation: UserCog,
  document_viewed: FileText,
  balance_changed: Landmark,
  valuable_changed: Gem,
  password_reset: KeyRound,
  kyc_decided: BadgeCheck,
  request_decided: ArrowLeftRight,
  delivery_updated: Truck,
};

function StaffAccessRow({ entry }: { entry: StaffAccessEntry }) {
  const { t } = useTranslation('settings');
  const language = currentLanguage();
  const Icon = icons[entry.kind];
  const at = dateTime(entry.at, language);

  return (
    <li className="flex gap-3 p-4" data-testid="staff-access-entry" data-kind={entry.kind}>
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
      <div className="grid min-w-0 gap-1 text-sm">
        <p className="font-medium break-words">{sentence(t, entry, language)}</p>
        <p className="text-muted-foreground">
          <time dateTime={entry.at}>
            {t('staffAccess.ago', { when: at, relative: relativeTime(entry.at, language) })}
          </time>
        </p>
        {entry.kind === 'impersonation' ? <SessionChanges entry={entry} /> : null}
      </div>
    </li>
  );
}

function SessionChanges({
  entry,
}: {
  entry: Extract<StaffAccessEntry, { kind: 'impersonation' }>;
}) {
  const { t } = useTranslation('settings');
  const language = currentLanguage();
  if (entry.changes.length === 0) {
    return <p className="text-muted-foreground">{t('staffAccess.impersonation.nothingChanged')}</p>;
  }
  return (
    <div className="grid gap-1">
      <p className="text-muted-foreground">{t('staffAccess.impersonation.changed')}</p>
      <ul className="grid list-disc gap-0.5 ps-5" data-testid="staff-access-changes">
        {entry.changes.map((change, index) => (
          <li key={`${change.at}-${String(index)}`}>{changeText(t, change, language)}</li>
        ))}
      </ul>
      {entry.moreChanges > 0 ? (
        <p className="text-muted-foreground">
          {t('staffAccess.impersonation.moreChanges', { number: entry.moreChanges })}
        </p>
      ) : null}
    </div>
  );
}

/** A date and time in the page's language: "Nov 21, 2026, 2:01 PM". */
function dateTime(value: string, language: Language): string {
  return formatDate(value, language, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The end of a visit: its time alone when it is the day it began. */
function endTime(start: string, end: string, language: Language): string {
  const sameDay =
    formatDate(start, language, { dateStyle: 'short' }) ===
    formatDate(end, language, { dateStyle: 'short' });
  return sameDay ? formatDate(end, language, { timeStyle: 'short' }) : dateTime(end, language);
}

const relativeUnits: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "5 minutes ago", "yesterday", in the page's language. */
function relativeTime(value: string, language: Language, now = Date.now()): string {
  const seconds = Math.round((new Date(value).getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(localeOf(language), { numeric: 'auto' });
  for (const [unit, size] of relativeUnits) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'minute');
}

const usd = (value: string, language: Language) =>
  formatUsd(dec(value).abs().toFixed(), { language });

/** A key of a closed set of words, or its "other" for a value this screen does not know. */
function word(t: TFunction, group: string, value: string | null): string {
  const key = `staffAccess.${group}.${value ?? 'other'}`;
  return t(key, { defaultValue: t(`staffAccess.${group}.other`) });
}

/** The entry as one sentence in the page's language. */
function sentence(t: TFunction, entry: StaffAccessEntry, language: Language): ReactNode {
  const staff = t('staffAccess.staff', { ref: ltrIsolate(entry.staff.ref, language) });
  switch (entry.kind) {
    case 'impersonation': {
      const start = dateTime(entry.at, language);
      if (entry.endedAt === null) return t('staffAccess.impersonation.open', { staff, start });
      const end = endTime(entry.at, entry.endedAt, language);
      return t(
        entry.endReason === 'expired'
          ? 'staffAccess.impersonation.expired'
          : 'staffAccess.impersonation.ended',
        { staff, start, end },
      );
    }
    case 'document_viewed': {
      const document = word(t, 'documents', entry.documentType);
      return entry.side === 'front' || entry.side === 'back'
        ? t('staffAccess.documentViewed', {
            staff,
            document,
            side: t(`staffAccess.sides.${entry.side}`),
          })
        : t('staffAccess.documentViewedWhole', { staff, document });
    }
    case 'balance_changed':
      return entry.amount === null
        ? t(`staffAccess.balance.${entry.change}NoAmount`, { staff })
        : t(`staffAccess.balance.${entry.change}`, {
            staff,
            amount: usd(entry.amount, language),
          });
    case 'valuable_changed': {
      const value = entry.value === null ? null : usd(entry.value, language);
      if (entry.itemType === 'cash') {
        if (entry.change === 'deleted' || value === null) {
          return t('staffAccess.valuable.cashDeleted', { staff });
        }
        return t(
          entry.change === 'added'
            ? 'staffAccess.valuable.cashAdded'
            : 'staffAccess.valuable.cashEdited',
          { staff, value },
        );
      }
      const item = entry.itemName ?? t('staffAccess.valuable.unnamed');
      if (entry.change === 'deleted') return t('staffAccess.valuable.deleted', { staff, item });
      return value === null
        ? t(`staffAccess.valuable.${entry.change}`, { staff, item })
        : t(`staffAccess.valuable.${entry.change}Value`, { staff, item, value });
    }
    case 'password_reset':
      return t('staffAccess.passwordReset', { staff });
    case 'kyc_decided':
      return t(`staffAccess.kyc.${entry.decision}`, { staff });
    case 'request_decided': {
      const request = word(t, 'requests', entry.requestType);
      const status = word(t, 'requestStatuses', entry.status);
      return entry.amount === null
        ? t('staffAccess.request.decidedNoAmount', { staff, request, status })
        : t('staffAccess.request.decided', {
            staff,
            request,
            status,
            amount: usd(entry.amount, language),
          });
    }
    case 'delivery_updated':
      return t(`staffAccess.delivery.${entry.change}`, {
        staff,
        status: word(t, 'deliveryStatuses', entry.status),
      });
  }
}

/** One change made during a visit, as a short line. */
function changeText(t: TFunction, change: StaffAccessChange, language: Language): string {
  switch (change.type) {
    case 'movement': {
      const label = word(t, 'movements', change.movement);
      const name = change.itemName ?? change.assetSymbol ?? '';
      const value = usd(change.valueDelta, language);
      if (change.quantityDelta === null || change.assetSymbol === 'USD') {
        return t('staffAccess.change.movement', { label, name, value });
      }
      const quantity = ltrIsolate(dec(change.quantityDelta).abs().toFixed(), language);
      return t('staffAccess.change.movementQuantity', { label, name, value, quantity });
    }
    case 'request': {
      const request = word(t, 'requests', change.requestType);
      return change.amount === null
        ? t('staffAccess.change.request', { request })
        : t('staffAccess.change.requestAmount', {
            request,
            amount: usd(change.amount, language),
          });
    }
    case 'delivery':
      return t('staffAccess.change.delivery');
  }
}
