// Settings → Notifications (DESIGN §5): which categories of notice are also emailed. Money,
// custody and identity verification each have a switch, saved as soon as it is turned; security
// alerts have none, since the server mails them whatever is chosen. Every notice reaches the
// centre either way. Staff viewing the account are refused by the server (refusesImpersonation),
// and the refusal stays in the card, not only in a toast that goes.
import { useId, useState } from 'react';
import { BellRing, Eye, Lock } from 'lucide-react';
import {
  type OptionalNotificationCategory,
  optionalNotificationCategories,
} from '@secure-vault/shared/notifications';
import * as notifications from '@secure-vault/shared/notifications/contracts';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiMutation, useApiQuery } from '@/lib/api-query';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';

// As the other settings cards' titles: a page section's h2, styled like CardTitle.
const titleClass = 'flex items-center gap-2 text-lg font-semibold leading-tight';

export function NotificationSettingsCard() {
  const { t } = useTranslation(['notifications', 'auth']);
  const preferences = useApiQuery(notifications.getNotificationPreferences);
  const save = useApiMutation(notifications.setNotificationPreferences);
  const [refusal, setRefusal] = useState<string | null>(null);
  // While a change is saving, its switch already shows the choice made.
  const mail = save.isPending && save.variables ? save.variables.body.mail : preferences.data?.mail;

  const choose = (category: OptionalNotificationCategory, isOn: boolean) => {
    if (!mail) return;
    save.mutate(
      { body: { mail: { ...mail, [category]: isOn } } },
      {
        onSuccess: () => {
          setRefusal(null);
          toast.success(t('settings.saved'));
        },
        onError: (error) => {
          const text = apiErrorText(t, error, t('tryAgain'));
          if (error.code === 'IMPERSONATION_FORBIDDEN') setRefusal(text);
          toast.error(t('settings.saveFailed'), { description: text });
        },
      },
    );
  };

  return (
    <Card data-testid="notification-settings">
      <CardHeader>
        <h2 className={titleClass}>
          <BellRing aria-hidden className="size-5 text-accent-strong" />
          {t('settings.title')}
        </h2>
        <CardDescription>{t('settings.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {refusal ? (
          <Alert tone="warning" role="alert" data-testid="notification-settings-refused">
            <Eye aria-hidden />
            <div className="grid gap-1">
              <h3 className="font-semibold">{t('settings.refused')}</h3>
              <p>{refusal}</p>
            </div>
          </Alert>
        ) : null}
        {preferences.isPending ? (
          <Spinner label={t('settings.loading')} className="text-muted-foreground" />
        ) : null}
        {preferences.isError ? (
          <LoadError onRetry={() => void preferences.refetch()} isRetrying={preferences.isFetching}>
            {t('settings.loadFailed')}
          </LoadError>
        ) : null}
        {mail ? (
          <ul className="divide-y rounded-md border">
            {optionalNotificationCategories.map((category) => (
              <PreferenceRow
                key={category}
                label={t(`settings.${category}.label`)}
                description={t(`settings.${category}.description`)}
                isOn={mail[category]}
                isDisabled={save.isPending}
                onChange={(isOn) => choose(category, isOn)}
              />
            ))}
            <PreferenceRow
              label={t('settings.security.label')}
              description={t('settings.security.description')}
              isOn
              isLocked
            />
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** One category: its name and what it covers, and its switch (locked on for security). */
function PreferenceRow({
  label,
  description,
  isOn,
  isDisabled = false,
  isLocked = false,
  onChange = () => undefined,
}: {
  label: string;
  description: string;
  isOn: boolean;
  isDisabled?: boolean;
  isLocked?: boolean;
  onChange?: (isOn: boolean) => void;
}) {
  const id = useId();
  return (
    <li
      className={cn('flex items-start justify-between gap-4 p-4', isLocked && 'bg-muted/40')}
      data-testid="notification-preference"
    >
      <div className="grid min-w-0 gap-1">
        <span id={`${id}-label`} className="flex items-center gap-2 font-medium">
          {isLocked ? <Lock aria-hidden className="size-4 shrink-0 text-muted-foreground" /> : null}
          {label}
        </span>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      <Switch
        isChecked={isOn}
        disabled={isDisabled || isLocked}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-description`}
        onCheckedChange={onChange}
        className="mt-0.5"
      />
    </li>
  );
}
