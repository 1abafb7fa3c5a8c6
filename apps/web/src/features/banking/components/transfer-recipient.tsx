// Confirmation of payee (DESIGN §5): once the receiver's number is 10 valid digits, the server
// names its holder, masked ("J*** D***"), before anything can be sent. The lookup is limited per
// customer, so it runs only on a complete, Luhn-valid number that is not the customer's own.
import { useQuery } from '@tanstack/react-query';
import { CircleAlert, CircleCheck } from 'lucide-react';
import i18next, { type TFunction } from 'i18next';
import * as banking from '@secure-vault/shared/banking/contracts';
import { accountNumberSchema, type Recipient } from '@secure-vault/shared/transfers';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { apiQueryOptions } from '@/lib/api-query';
import { useTranslation } from '@/lib/i18n';

export type RecipientState =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'confirmed'; recipient: Recipient }
  | { status: 'own' }
  | { status: 'notFound' }
  | { status: 'refused'; message: string }
  | { status: 'rateLimited' }
  | { status: 'failed'; retry: () => void; isRetrying: boolean };

/** Where the confirmation of the number typed stands. */
export function useRecipient(accountNumber: string, ownAccountNumber: string): RecipientState {
  const parsed = accountNumberSchema.safeParse(accountNumber);
  const number = parsed.success ? parsed.data : '';
  const isOwn = number !== '' && number === ownAccountNumber;
  const lookup = useQuery({
    ...apiQueryOptions(banking.findRecipient, { query: { accountNumber: number } }),
    enabled: number !== '' && !isOwn,
  });
  if (number === '') return { status: 'idle' };
  if (isOwn) return { status: 'own' };
  if (lookup.isPending) return { status: 'checking' };
  if (lookup.isSuccess) return { status: 'confirmed', recipient: lookup.data };
  const error = lookup.error;
  if (error instanceof ApiError) {
    if (error.code === 'NOT_FOUND') return { status: 'notFound' };
    if (error.code === 'RATE_LIMITED') return { status: 'rateLimited' };
    if (error.code === 'VALIDATION') return { status: 'refused', message: refusalText(error) };
  }
  return {
    status: 'failed',
    retry: () => void lookup.refetch(),
    isRetrying: lookup.isFetching,
  };
}

/** A VALIDATION answer (the customer's own number): its issue's text, or the server's words. */
function refusalText(error: ApiError): string {
  const key = error.issues[0]?.message;
  return key && i18next.exists(key) ? i18next.t(key) : error.message;
}

/** The line under the number that says who would receive, or why nobody would. */
export function recipientProblem(t: TFunction, state: RecipientState): string | null {
  switch (state.status) {
    case 'own':
      return t('transfers:recipient.own');
    case 'notFound':
      return t('transfers:recipient.notFound');
    case 'refused':
      return state.message;
    case 'rateLimited':
      return t('common:errors.rateLimited');
    case 'failed':
      return t('transfers:recipient.checkFailed');
    default:
      return null;
  }
}

export function RecipientStatus({ id, state }: { id: string; state: RecipientState }) {
  const { t } = useTranslation(['transfers', 'common']);
  const problem = recipientProblem(t, state);
  return (
    <div id={id} aria-live="polite" className="min-h-6 text-sm" data-testid="recipient-status">
      {state.status === 'checking' ? (
        <Spinner className="text-muted-foreground" label={t('recipient.checking')} />
      ) : state.status === 'confirmed' ? (
        <p className="flex items-center gap-2 font-medium">
          <CircleCheck aria-hidden className="size-4 shrink-0 text-success" />
          <span>
            {t('recipient.sendingTo')}{' '}
            <bdi className="font-semibold" data-testid="recipient-name">
              {state.recipient.maskedName}
            </bdi>
          </span>
        </p>
      ) : problem ? (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-destructive">
          <CircleAlert aria-hidden className="size-4 shrink-0" />
          <span>{problem}</span>
          {state.status === 'failed' ? (
            <Button
              type="button"
              variant="link"
              size="sm"
              className="h-auto p-0"
              aria-busy={state.isRetrying}
              onClick={() => {
                if (!state.isRetrying) state.retry();
              }}
            >
              {t('common:retry')}
            </Button>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
