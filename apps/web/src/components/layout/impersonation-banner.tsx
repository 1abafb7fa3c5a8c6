import { Eye } from 'lucide-react';
import type { Session } from '@secure-vault/shared/auth';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorText } from '@/lib/api-error-text';
import { useEndImpersonation } from '@/lib/auth/end-impersonation';
import { isolate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';

/** Shown on every signed-in page while staff view a customer's account (DESIGN §4). */
export function ImpersonationBanner({ session }: { session: Session }) {
  const { t } = useTranslation(['app', 'auth']);
  const end = useEndImpersonation();
  if (!session.impersonatedBy) return null;
  return (
    <section
      aria-label={t('impersonation.label')}
      className="border-b border-accent/60 bg-accent text-accent-foreground"
      data-testid="impersonation-banner"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-2.5 text-sm sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-2 font-medium">
          <Eye className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            {t('impersonation.viewing', {
              customer: isolate(session.user.email),
              staff: isolate(session.impersonatedBy.email),
            })}
          </span>
        </p>
        <Button
          size="sm"
          variant="outline"
          className="self-start text-foreground sm:self-auto"
          disabled={end.isPending}
          onClick={() =>
            end.mutate(undefined, {
              onError: (error) =>
                toast.error(t('impersonation.endFailed'), {
                  description: apiErrorText(t, error, t('impersonation.tryAgain')),
                }),
            })
          }
        >
          {end.isPending ? (
            <Spinner label={t('impersonation.returning')} />
          ) : (
            t('impersonation.return')
          )}
        </Button>
      </div>
    </section>
  );
}
