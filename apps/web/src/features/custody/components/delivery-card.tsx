// Settings' Delivery Services card (SPEC §2): a main view with Request Delivery and Track
// Delivery, and those two views. The view is in the address (?view=request, ?view=track), so it
// can be shared, bookmarked and left with the Back button; arriving at a view or at
// /settings/delivery#delivery (the dashboard's Track Items goes to
// /settings/delivery?view=track#delivery) brings
// the card into view with the keyboard focus on it. Each view's code loads when first opened.
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ArrowLeft, ChevronRight, PackagePlus, PackageSearch, Truck } from 'lucide-react';
import { fieldOf } from '@secure-vault/shared/guards';
import { paths } from '@secure-vault/shared/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useTranslation } from '@/lib/i18n';

const DeliveryRequest = lazy(() =>
  import('./delivery-request').then((module) => ({ default: module.DeliveryRequest })),
);
const DeliveryTracking = lazy(() =>
  import('./delivery-tracking').then((module) => ({ default: module.DeliveryTracking })),
);

export type DeliveryView = 'main' | 'request' | 'track';

export const deliveryAnchor = 'delivery';

/** The address of a view of the card. */
export function deliveryViewPath(view: DeliveryView): string {
  return view === 'main'
    ? `${paths.settingsDelivery}#${deliveryAnchor}`
    : `${paths.settingsDelivery}?view=${view}`;
}

function viewOf(search: URLSearchParams): DeliveryView {
  const view = search.get('view');
  return view === 'request' || view === 'track' ? view : 'main';
}

const titleClass = 'flex items-center gap-2 text-lg font-semibold leading-tight outline-none';

function ViewLink({
  to,
  icon,
  title,
  hint,
}: {
  to: string;
  icon: ReactNode;
  title: string;
  hint: string;
}) {
  return (
    <Link
      to={to}
      className="group flex items-center gap-3 rounded-lg border bg-card p-4 transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&>svg]:size-6 [&>svg]:shrink-0 [&>svg]:text-accent-strong"
    >
      {icon}
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="font-semibold">{title}</span>
        <span className="text-sm text-muted-foreground">{hint}</span>
      </span>
      <ChevronRight
        aria-hidden
        className="size-4! text-muted-foreground! transition-transform group-hover:translate-x-0.5 rtl:rotate-180 rtl:group-hover:-translate-x-0.5"
      />
    </Link>
  );
}

export function DeliveryCard({ isImpersonation }: { isImpersonation: boolean }) {
  const { t } = useTranslation('custody');
  const [search] = useSearchParams();
  const location = useLocation();
  const { hash } = location;
  const navigate = useNavigate();
  const view = viewOf(search);
  // The request just made here rides on the history entry of the tracking view it led to.
  const justRequestedId = fieldOf(location.state, 'requestedId');
  const card = useRef<HTMLDivElement>(null);
  const cardTitle = useRef<HTMLHeadingElement>(null);
  const viewTitle = useRef<HTMLHeadingElement>(null);
  const shownView = useRef<DeliveryView | null>(null);

  // Arriving at #delivery or at a view: the card comes into view with the focus on its title.
  // Moving between views: the focus goes to the new view's title (or back to the card's).
  useEffect(() => {
    const previous = shownView.current;
    shownView.current = view;
    if (previous === view) return;
    if (previous === null) {
      if (hash !== `#${deliveryAnchor}` && view === 'main') return;
      card.current?.scrollIntoView?.({ block: 'start' });
      (view === 'main' ? cardTitle : viewTitle).current?.focus({ preventScroll: true });
      return;
    }
    (view === 'main' ? cardTitle : viewTitle).current?.focus();
  }, [view, hash]);

  const viewName = view === 'request' ? t('delivery.main.request') : t('delivery.main.track');

  return (
    <Card
      ref={card}
      id={deliveryAnchor}
      className="scroll-mt-28"
      aria-labelledby="delivery-title"
      data-testid="delivery-card"
      role="region"
    >
      <CardHeader>
        <h2 id="delivery-title" ref={cardTitle} tabIndex={-1} className={titleClass}>
          <Truck aria-hidden className="size-5 text-accent-strong" />
          {t('delivery.title')}
        </h2>
        <CardDescription>{t('delivery.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {view === 'main' ? (
          <nav aria-label={t('delivery.title')} className="grid gap-3 sm:grid-cols-2">
            <ViewLink
              to={deliveryViewPath('request')}
              icon={<PackagePlus aria-hidden />}
              title={t('delivery.main.request')}
              hint={t('delivery.main.requestHint')}
            />
            <ViewLink
              to={deliveryViewPath('track')}
              icon={<PackageSearch aria-hidden />}
              title={t('delivery.main.track')}
              hint={t('delivery.main.trackHint')}
            />
          </nav>
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
              <h3 ref={viewTitle} tabIndex={-1} className="text-base font-semibold outline-none">
                {viewName}
              </h3>
              <div className="flex flex-wrap gap-2">
                <Button asChild variant="ghost" size="sm">
                  <Link to={deliveryViewPath(view === 'request' ? 'track' : 'request')}>
                    {view === 'request' ? t('delivery.main.track') : t('delivery.main.request')}
                  </Link>
                </Button>
                <Button asChild variant="outline" size="sm">
                  <Link to={deliveryViewPath('main')}>
                    <ArrowLeft aria-hidden className="rtl:rotate-180" />
                    {t('delivery.back')}
                  </Link>
                </Button>
              </div>
            </div>
            <Suspense fallback={<Skeleton className="h-40 w-full" />}>
              {view === 'request' ? (
                <DeliveryRequest
                  isImpersonation={isImpersonation}
                  onSubmitted={(delivery) =>
                    void navigate(deliveryViewPath('track'), {
                      state: { requestedId: delivery.id },
                    })
                  }
                />
              ) : (
                <DeliveryTracking
                  canCancel={!isImpersonation}
                  justRequestedId={typeof justRequestedId === 'string' ? justRequestedId : null}
                  onRequest={() => void navigate(deliveryViewPath('request'))}
                />
              )}
            </Suspense>
          </>
        )}
      </CardContent>
    </Card>
  );
}
