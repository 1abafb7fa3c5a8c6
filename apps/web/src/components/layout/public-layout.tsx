// The frame of every public page: header with navigation and the two switches, then a footer.
import { Suspense, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { Menu, X } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { paths } from '@secure-vault/shared/paths';
import { ErrorBoundary } from './error-boundary';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { Brand } from './brand';
import { LanguageSwitch } from './language-switch';
import { ThemeSwitch } from './theme-switch';

const links = [
  { to: paths.whatWeDo, key: 'nav.whatWeDo' },
  { to: paths.about, key: 'nav.about' },
  { to: paths.contact, key: 'nav.contact' },
] as const;

export function PublicLayout() {
  const { t } = useTranslation('common');
  const [isMenuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-card focus:px-4 focus:py-2"
      >
        {t('skipToContent')}
      </a>
      <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
          <Brand />
          <nav aria-label={t('nav.label')} className="hidden items-center gap-1 md:flex">
            {links.map((link) => (
              <NavLink
                key={link.to}
                to={link.to}
                className={({ isActive }) =>
                  cn(
                    'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:text-foreground',
                    isActive && 'text-foreground',
                  )
                }
              >
                {t(link.key)}
              </NavLink>
            ))}
          </nav>
          <div className="flex items-center gap-2">
            <div className="hidden items-center gap-2 sm:flex">
              <LanguageSwitch />
              <ThemeSwitch />
            </div>
            <div className="hidden md:block">
              <Button asChild size="sm" variant="accent">
                <Link to={paths.auth}>{t('nav.signIn')}</Link>
              </Button>
            </div>
            {/* The data-* attributes let the prerendered home page (src/home.ts) work the menu. */}
            <Button
              variant="ghost"
              size="icon"
              className="md:hidden"
              aria-expanded={isMenuOpen}
              aria-controls="mobile-menu"
              aria-label={isMenuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
              data-menu-button=""
              data-open-label={t('nav.openMenu')}
              data-close-label={t('nav.closeMenu')}
              onClick={() => setMenuOpen((open) => !open)}
            >
              <span hidden={isMenuOpen} data-menu-icon="closed">
                <Menu aria-hidden />
              </span>
              <span hidden={!isMenuOpen} data-menu-icon="open">
                <X aria-hidden />
              </span>
            </Button>
          </div>
        </div>
        <div
          id="mobile-menu"
          hidden={!isMenuOpen}
          className="border-t bg-background px-4 pb-4 md:hidden"
        >
          <nav aria-label={t('nav.label')} className="flex flex-col py-2">
            {links.map((link) => (
              <Link
                key={link.to}
                to={link.to}
                onClick={() => setMenuOpen(false)}
                className="rounded-md px-2 py-3 font-medium hover:bg-muted"
              >
                {t(link.key)}
              </Link>
            ))}
            <Link
              to={paths.auth}
              onClick={() => setMenuOpen(false)}
              className="rounded-md px-2 py-3 font-medium text-accent-strong hover:bg-muted"
            >
              {t('nav.signIn')}
            </Link>
          </nav>
          <div className="flex items-center gap-2 sm:hidden">
            <LanguageSwitch />
            <ThemeSwitch />
          </div>
        </div>
      </header>
      <main id="main" className="flex-1">
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <SiteFooter />
    </div>
  );
}

function PageSpinner() {
  return (
    <div className="flex min-h-[50dvh] items-center justify-center text-muted-foreground">
      <Spinner />
    </div>
  );
}

function SiteFooter() {
  const { t } = useTranslation('common');
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
        <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        <nav aria-label={t('footer.label')} className="flex flex-wrap gap-x-4 gap-y-2">
          <Link className="hover:text-foreground" to={paths.whatWeDo}>
            {t('nav.whatWeDo')}
          </Link>
          <Link className="hover:text-foreground" to={paths.about}>
            {t('nav.about')}
          </Link>
          <Link className="hover:text-foreground" to={paths.contact}>
            {t('nav.contact')}
          </Link>
          <Link className="hover:text-foreground" to={paths.verify}>
            {t('footer.verify')}
          </Link>
        </nav>
      </div>
    </footer>
  );
}
