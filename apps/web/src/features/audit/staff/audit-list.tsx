// The audit log's entries: time in the reader's locale and time zone, what happened, who did it,
// whose account it concerns, from where, and the details as short "key: value" pairs. A table on
// wide screens; below, one card per entry. Addresses and ids are left to right and wrap anywhere,
// so a long one never pushes the page sideways.
import type { AuditEntry } from '@secure-vault/shared/audit';
import { auditActionLabels } from '@secure-vault/shared/audit-labels';
import { formatDate } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { EmailAddress } from '@/components/ui/email-address';

const timeFormat: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' };

/** The action's name in the page's language; an action this page does not know, as recorded. */
export function auditActionLabel(action: string, language = currentLanguage()): string {
  const labels: Record<string, string> = auditActionLabels[language];
  return labels[action] ?? action;
}

/**
 * Left to right, and broken anywhere only where it does not fit (overflow-wrap: anywhere):
 * addresses, ids, IPs and recorded values.
 */
function Ltr({ children, className }: { children: string; className?: string }) {
  return (
    <bdi dir="ltr" className={className ? `wrap-anywhere ${className}` : 'wrap-anywhere'}>
      {children}
    </bdi>
  );
}

/** The details flattened to pairs: nested objects as "before.itemName", lists joined. */
export function detailPairs(details: object, prefix = ''): [string, string][] {
  const pairs: [string, string][] = [];
  const entries: [string, unknown][] = Object.entries(details);
  for (const [key, value] of entries) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      pairs.push(...detailPairs(value, name));
    } else if (Array.isArray(value)) {
      pairs.push([name, value.map((item) => textOf(item)).join(', ')]);
    } else {
      pairs.push([name, textOf(value)]);
    }
  }
  return pairs;
}

function textOf(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function Details({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('admin');
  const pairs = detailPairs(entry.details);
  if (pairs.length === 0) {
    return <span className="text-muted-foreground">{t('audit.noDetails')}</span>;
  }
  return (
    <ul className="grid gap-0.5 text-xs" data-testid="audit-details">
      {pairs.map(([key, value]) => (
        <li key={key} className="wrap-anywhere">
          <Ltr className="text-muted-foreground">{`${key}:`}</Ltr>{' '}
          <Ltr className="font-mono">{value}</Ltr>
        </li>
      ))}
    </ul>
  );
}

/** An address, or the id of an account that has none now; a narrow column breaks it after the @. */
function Person({ person, none }: { person: AuditEntry['actor']; none: string }) {
  if (!person) return <span className="text-muted-foreground">{none}</span>;
  if (!person.email) return <Ltr>{person.id}</Ltr>;
  return <EmailAddress email={person.email} />;
}

function Time({ entry }: { entry: AuditEntry }) {
  return (
    <time dateTime={entry.at} className="tabular-nums">
      {formatDate(entry.at, undefined, timeFormat)}
    </time>
  );
}

export function AuditList({ entries }: { entries: AuditEntry[] }) {
  const { t } = useTranslation('admin');
  const headClass = 'px-3 py-2.5 text-start align-bottom font-medium text-muted-foreground';
  const cellClass = 'px-3 py-3 align-top';
  const system = t('audit.system');
  const nobody = t('audit.none');

  return (
    <>
      <ul
        className="grid gap-3 lg:hidden"
        aria-label={t('audit.caption')}
        data-testid="audit-cards"
      >
        {entries.map((entry) => (
          <li
            key={entry.id}
            className="grid min-w-0 gap-3 rounded-md border p-4"
            data-testid="audit-card"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <p className="font-medium">{auditActionLabel(entry.action)}</p>
              <p className="text-sm text-muted-foreground">
                <Time entry={entry} />
              </p>
            </div>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">{t('audit.columns.actor')}</dt>
              <dd className="min-w-0 text-end">
                <Person person={entry.actor} none={system} />
              </dd>
              <dt className="text-muted-foreground">{t('audit.columns.customer')}</dt>
              <dd className="min-w-0 text-end">
                <Person person={entry.customer} none={nobody} />
              </dd>
              <dt className="text-muted-foreground">{t('audit.columns.ip')}</dt>
              <dd className="min-w-0 text-end">
                {entry.ip ? (
                  <Ltr>{entry.ip}</Ltr>
                ) : (
                  <span className="text-muted-foreground">{nobody}</span>
                )}
              </dd>
            </dl>
            <div className="grid gap-1 border-t pt-3">
              <p className="text-xs font-medium text-muted-foreground">
                {t('audit.columns.details')}
              </p>
              <Details entry={entry} />
            </div>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-md border lg:block">
        <table className="w-full table-fixed text-sm" data-testid="audit-table">
          <caption className="sr-only">{t('audit.caption')}</caption>
          <colgroup>
            <col className="w-[13%]" />
            <col className="w-[14%]" />
            <col className="w-[20%]" />
            <col className="w-[20%]" />
            <col className="w-[11%]" />
            <col className="w-[22%]" />
          </colgroup>
          <thead className="border-b bg-muted/50">
            <tr>
              <th scope="col" className={headClass}>
                {t('audit.columns.time')}
              </th>
              <th scope="col" className={headClass}>
                {t('audit.columns.action')}
              </th>
              <th scope="col" className={headClass}>
                {t('audit.columns.actor')}
              </th>
              <th scope="col" className={headClass}>
                {t('audit.columns.customer')}
              </th>
              <th scope="col" className={headClass}>
                {t('audit.columns.ip')}
              </th>
              <th scope="col" className={headClass}>
                {t('audit.columns.details')}
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} className="border-b last:border-b-0" data-testid="audit-row">
                <td className={cellClass}>
                  <Time entry={entry} />
                </td>
                <td className={`${cellClass} break-words font-medium`}>
                  {auditActionLabel(entry.action)}
                </td>
                <td className={cellClass}>
                  <Person person={entry.actor} none={system} />
                </td>
                <td className={cellClass}>
                  <Person person={entry.customer} none={nobody} />
                </td>
                <td className={cellClass}>
                  {entry.ip ? (
                    <Ltr>{entry.ip}</Ltr>
                  ) : (
                    <span className="text-muted-foreground">{nobody}</span>
                  )}
                </td>
                <td className={cellClass}>
                  <Details entry={entry} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
