// /auth (SPEC §2): sign in and sign up tabs (both stay mounted, so switching keeps what was typed). The route sits behind the signed-out guard, which
// takes the visitor on to the vault as soon as a session exists.
import { useLocation, useNavigate } from 'react-router';
import { isOneOf } from '@secure-vault/shared/guards';
import { paths } from '@secure-vault/shared/paths';
import { Card } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { AuthShell } from '@/features/auth/components/auth-shell';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { SignUpForm } from '@/features/auth/components/sign-up-form';

const tabs = ['sign-in', 'sign-up'] as const;
type Tab = (typeof tabs)[number];

export default function AuthRoute() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const navigate = useNavigate();
  // Whatever the entry carries (where to go after signing in) rides along to the other tab.
  const state: unknown = location.state;
  const requested = new URLSearchParams(location.search).get('tab');
  const tab: Tab = isOneOf(tabs, requested) ? requested : 'sign-in';
  usePageTitle(tab === 'sign-up' ? t('signUp.tab') : t('signIn.tab'));

  return (
    <AuthShell
      back={{ to: paths.home, label: t('common:actions.backToHome') }}
      title={t('page.title')}
      description={t('page.description')}
    >
      <Card>
        <div className="p-4 sm:p-6">
          <Tabs
            value={tab}
            onValueChange={(value) =>
              void navigate(
                { search: value === 'sign-up' ? '?tab=sign-up' : '' },
                { replace: true, state },
              )
            }
          >
            <TabsList>
              <TabsTrigger value="sign-in">{t('signIn.tab')}</TabsTrigger>
              <TabsTrigger value="sign-up">{t('signUp.tab')}</TabsTrigger>
            </TabsList>
            <TabsContent value="sign-in" forceMount className="data-[state=inactive]:hidden">
              <SignInForm />
            </TabsContent>
            <TabsContent value="sign-up" forceMount className="data-[state=inactive]:hidden">
              <SignUpForm />
            </TabsContent>
          </Tabs>
        </div>
      </Card>
    </AuthShell>
  );
}
