// The development mailbox (DESIGN §5): reads the outbox for one address. It only works while
// the server uses the outbox, which is when the API behind it exists.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { Inbox, RefreshCw } from 'lucide-react';
import * as dev from '@secure-vault/shared/dev/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { apiQueryOptions } from '@/lib/api-query';
import { usePageTitle } from '@/lib/use-page-title';

export default function MailboxRoute() {
  const { t, i18n } = useTranslation('dev');
  usePageTitle(t('title'));
  const [address, setAddress] = useState(
    () => new URLSearchParams(window.location.search).get('to') ?? '',
  );
  const [submitted, setSubmitted] = useState(address);
  const mail = useQuery({
    ...apiQueryOptions(dev.getMailbox, { query: { to: submitted } }),
    enabled: submitted.includes('@'),
    refetchInterval: 3000,
  });
  const isMissing = mail.error instanceof ApiError && mail.error.status === 404;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
      <p className="mt-2 text-muted-foreground">{t('description')}</p>
      <form
        className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(address.trim());
        }}
      >
        <div className="grid flex-1 gap-2">
          <Label htmlFor="mailbox-address">{t('address')}</Label>
          <Input
            id="mailbox-address"
            type="email"
            dir="ltr"
            value={address}
            onChange={(event) => setAddress(event.target.value)}
          />
        </div>
        <Button type="submit">{t('open')}</Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => void mail.refetch()}
          disabled={!submitted}
        >
          <RefreshCw aria-hidden />
          {t('refresh')}
        </Button>
      </form>
      <div className="mt-8 grid gap-4" aria-live="polite">
        {mail.isLoading ? <Spinner label={t('loading')} /> : null}
        {isMissing ? <p>{t('unavailable')}</p> : null}
        {mail.data && mail.data.length === 0 ? (
          <p className="flex items-center gap-2 text-muted-foreground">
            <Inbox aria-hidden className="size-5" />
            {t('empty')}
          </p>
        ) : null}
        {mail.data?.map((message) => (
          <Card key={`${message.createdAt}-${message.subject}`} data-testid="mail">
            <CardHeader>
              <CardTitle className="text-base">{message.subject}</CardTitle>
              <p className="text-xs text-muted-foreground">
                {new Intl.DateTimeFormat(i18n.resolvedLanguage, {
                  dateStyle: 'medium',
                  timeStyle: 'medium',
                }).format(new Date(message.createdAt))}
              </p>
            </CardHeader>
            <CardContent>
              <pre dir="auto" className="whitespace-pre-wrap break-words font-sans text-sm">
                {message.text}
              </pre>
            </CardContent>
          </Card>
        ))}
      </div>
    </div>
  );
}
