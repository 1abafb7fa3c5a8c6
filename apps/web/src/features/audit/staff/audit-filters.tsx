// The audit log's filters: actor and customer (an email address or an account id), the action
// or a family of actions, and whole days in UTC. They apply on Apply (or Enter) and are checked
// with the same schema the server uses, so a typo is explained beside its field.
import { type FormEvent, useId, useState } from 'react';
import { RotateCcw, Search } from 'lucide-react';
import {
  type AuditActionFilter,
  auditActionFilters,
  auditActionGroups,
  auditActions,
  auditDateRange,
  type AuditFilter,
  auditFilterSchema,
} from '@secure-vault/shared/audit';
import { isOneOf } from '@secure-vault/shared/guards';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { useTranslation } from '@/lib/i18n';
import { auditActionLabel } from './audit-list';

const draftFields = ['actor', 'customer', 'action', 'from', 'to'] as const;

/** The fields as typed: every one text, empty when not used. */
type Draft = Record<(typeof draftFields)[number], string>;

const emptyDraft: Draft = { actor: '', customer: '', action: '', from: '', to: '' };

function draftOf(filter: AuditFilter): Draft {
  return {
    actor: filter.actor ?? '',
    customer: filter.customer ?? '',
    action: filter.action ?? '',
    from: filter.from ?? '',
    to: filter.to ?? '',
  };
}

type FieldErrors = Partial<Record<keyof Draft, string>>;

const isActionFilter = (value: string): value is AuditActionFilter =>
  isOneOf(auditActionFilters, value);

export function AuditFilters({
  value,
  onApply,
}: {
  /** The filters the list shows now. */
  value: AuditFilter;
  onApply: (filter: AuditFilter) => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(value));
  const [errors, setErrors] = useState<FieldErrors>({});
  const isReversed = Boolean(draft.from && draft.to && draft.from > draft.to);

  const set = (field: keyof Draft) => (text: string) => {
    setDraft((current) => ({ ...current, [field]: text }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const filled = Object.fromEntries(
      Object.entries<string>({ ...draft })
        .map(([key, text]) => [key, text.trim()] as const)
        .filter(([, text]) => text !== ''),
    );
    const parsed = auditFilterSchema.safeParse(filled);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (isOneOf(draftFields, field)) {
          found[field] ??= issue.message;
        }
      }
      setErrors(found);
      return;
    }
    setErrors({});
    onApply(parsed.data);
  };

  const reset = () => {
    setDraft(emptyDraft);
    setErrors({});
    onApply({});
  };

  const describedBy = (field: keyof Draft, hint?: string) =>
    [hint, errors[field] ? `${id}-${field}-error` : undefined].filter(Boolean).join(' ') ||
    undefined;

  const errorOf = (field: keyof Draft) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="text-sm text-destructive">
        {t(errors[field])}
      </p>
    ) : null;

  const textField = (field: 'actor' | 'customer') => (
    <div className="grid content-start gap-2">
      <Label htmlFor={`${id}-${field}`}>{t(`audit.filters.${field}`)}</Label>
      <Input
        id={`${id}-${field}`}
        dir="ltr"
        inputMode="email"
        autoComplete="off"
        spellCheck={false}
        placeholder={t('audit.filters.personPlaceholder')}
        value={draft[field]}
        aria-invalid={Boolean(errors[field])}
        aria-describedby={describedBy(field, `${id}-person-hint`)}
        onChange={(event) => set(field)(event.target.value)}
      />
      {errorOf(field)}
    </div>
  );

  const dateField = (field: 'from' | 'to') => (
    <div className="grid content-start gap-2">
      <Label htmlFor={`${id}-${field}`}>{t(`audit.filters.${field}`)}</Label>
      <Input
        id={`${id}-${field}`}
        type="date"
        dir="ltr"
        min={auditDateRange.min}
        max={auditDateRange.max}
        value={draft[field]}
        aria-invalid={Boolean(errors[field])}
        aria-describedby={describedBy(field, `${id}-utc-hint`)}
        onChange={(event) => set(field)(event.target.value)}
      />
      {errorOf(field)}
    </div>
  );

  return (
    <form
      role="search"
      aria-label={t('audit.filters.label')}
      className="grid gap-3 rounded-lg border bg-card p-4"
      noValidate
      onSubmit={apply}
      data-testid="audit-filters"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        {textField('actor')}
        {textField('customer')}
        <div className="grid content-start gap-2">
          <Label htmlFor={`${id}-action`}>{t('audit.filters.action')}</Label>
          <NativeSelect
            id={`${id}-action`}
            value={draft.action}
            onChange={(event) =>
              set('action')(isActionFilter(event.target.value) ? event.target.value : '')
            }
          >
            <option value="">{t('audit.filters.allActions')}</option>
            {auditActionGroups.map((group) => (
              <optgroup key={group} label={t(`audit.groups.${group}`)}>
                <option value={`${group}.`}>
                  {t('audit.filters.allOfGroup', { group: t(`audit.groups.${group}`) })}
                </option>
                {auditActions
                  .filter((action) => action.startsWith(`${group}.`))
                  .map((action) => (
                    <option key={action} value={action}>
                      {auditActionLabel(action)}
                    </option>
                  ))}
              </optgroup>
            ))}
          </NativeSelect>
        </div>
        {dateField('from')}
        {dateField('to')}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1 text-xs text-muted-foreground">
          <p id={`${id}-person-hint`}>{t('audit.filters.personHint')}</p>
          <p id={`${id}-utc-hint`}>{t('audit.filters.utcHint')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="ghost" onClick={reset}>
            <RotateCcw aria-hidden />
            {t('audit.filters.reset')}
          </Button>
          <Button type="submit">
            <Search aria-hidden />
            {t('audit.filters.apply')}
          </Button>
        </div>
      </div>
      {isReversed ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('audit.filters.reversed')}
        </p>
      ) : null}
    </form>
  );
}
