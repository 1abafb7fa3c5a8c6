// /notifications (DESIGN §5, the notification centre): every notice we mailed, or would have
// mailed, newest first and grouped by day, with its read state; "Mark all as read", "Load more" a
// page at a time, and a way to the settings that choose what is also emailed. Opening a notice
// marks it read; the header's bell counts the rest. Staff viewing a customer's account read the
// notices without marking them (the server refuses it): what is new stays new for the customer.
import { Link } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { BellOff, CheckCheck, Eye, Settings } from 'lucide-react';
import * as notifications from '@secure-vault/shared/notifications/contracts';
import { paths } from '@secure-vault/shared/paths';
import { Alert } from '@/components/ui/alert';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiMutation, useApiQuery } from '@/lib/api-query';
import { useSession } from '@/lib/auth/get-session';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { NotificationList } from '@/features/notifications/components/notification-list';
import { notificationsQuery } from '@/features/notifications/notifications-query';

export default function NotificationsRoute() {
  const { t } = useTranslation(['notifications', 'auth']);
  usePageTitle(t('title'));
  const { data: session } = useSession();
  const canMarkRead = session?.impersonatedBy === null;
  const list = useInfiniteQuery(notificationsQuery(currentLanguage()));
  const markRead = useApiMutation(notifications.markNotificationRead);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  const onRead = (id: string) =>
    markRead.mutate(
      { params: { id } },
      {
        onError: (error) =>
          toast.error(t('markFailed'), { description: apiErrorText(t, error, t('tryAgain')) }),
      },
    );

  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:py-10">
      <NotificationsHeader
        canMarkRead={canMarkRead}
        hasUnreadLoaded={items.some((item) => item.readAt === null)}
      />
      {session?.impersonatedBy ? (
        <Alert tone="warning" data-testid="notifications-impersonation">
          <Eye aria-hidden />
          <p>{t('impersonation')}</p>
        </Alert>
      ) : null}
      <section aria-labelledby="notifications-list-title" aria-busy={list.isFetching}>
        <h2 id="notifications-list-title" className="sr-only">
          {t('listTitle')}
        </h2>
        {list.isPending ? (
          <NotificationsSkeleton />
        ) : list.isError && !list.data ? (
          <LoadError onRetry={() => void list.refetch()} isRetrying={list.isFetching}>
            {t('loadFailed')}
          </LoadError>
        ) : items.length === 0 ? (
          <EmptyNotifications />
        ) : (
          <div className="grid gap-4">
            <NotificationList items={items} canMarkRead={canMarkRead} onRead={onRead} />
            {list.isFetchNextPageError ? (
              <LoadError
                onRetry={() => void list.fetchNextPage()}
                isRetrying={list.isFetchingNextPage}
              >
                {t('loadMoreFailed')}
              </LoadError>
            ) : list.hasNextPage ? (
              <div className="flex justify-center">
                <Button
                  variant="outline"
                  aria-busy={list.isFetchingNextPage}
                  onClick={() => {
                    if (!list.isFetchingNextPage) void list.fetchNextPage();
                  }}
                >
                  {list.isFetchingNextPage ? <Spinner label={t('loadingMore')} /> : t('loadMore')}
                </Button>
              </div>
            ) : (
              <p className="text-center text-sm text-muted-foreground">{t('end')}</p>
            )}
          </div>
        )}
      </section>
    </div>
  );
}

/** The title, and what acts on the whole centre: mark all read, and the notification settings. */
function NotificationsHeader({
  canMarkRead,
  hasUnreadLoaded,
}: {
  canMarkRead: boolean;
  hasUnreadLoaded: boolean;
}) {
  const { t } = useTranslation(['notifications', 'auth']);
  const unread = useApiQuery(notifications.getUnreadNotifications);
  const markAll = useApiMutation(notifications.markAllNotificationsRead);
  // The count covers notices beyond the pages loaded; until it answers, the loaded ones decide.
  const hasUnread = unread.data ? unread.data.unread > 0 : hasUnreadLoaded;

  return (
    <PageHeader
      back={{ to: paths.dashboard, label: t('backToDashboard') }}
      title={t('title')}
      subtitle={t('subtitle')}
    >
      <Button
        variant="outline"
        disabled={!canMarkRead || !hasUnread || markAll.isPending}
        onClick={() =>
          markAll.mutate(undefined, {
            onSuccess: () => toast.success(t('markedAll')),
            onError: (error) =>
              toast.error(t('markAllFailed'), {
                description: apiErrorText(t, error, t('tryAgain')),
              }),
          })
        }
      >
        {markAll.isPending ? (
          <Spinner label={t('markingAll')} />
        ) : (
          <>
            <CheckCheck aria-hidden />
            {t('markAll')}
          </>
        )}
      </Button>
      <Button asChild variant="outline">
        <Link to={paths.settingsNotifications}>
          <Settings aria-hidden />
          {t('settingsLink')}
        </Link>
      </Button>
    </PageHeader>
  );
}

function NotificationsSkeleton() {
  const { t } = useTranslation('notifications');
  return (
    <div className="grid gap-3" data-testid="notifications-loading">
      <p role="status" className="sr-only">
        {t('loading')}
      </p>
      <Skeleton className="h-4 w-24" />
      <Card className="grid divide-y">
        {[0, 1, 2].map((row) => (
          <div key={row} className="flex gap-3 px-4 py-4 sm:px-6">
            <Skeleton className="size-9 shrink-0 rounded-full" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-3 w-1/3" />
              <Skeleton className="h-4 w-full" />
            </div>
          </div>
        ))}
      </Card>
    </div>
  );
}

function EmptyNotifications() {
  const { t } = useTranslation('notifications');
  return (
    <EmptyState
      icon={BellOff}
      title={t('empty.title')}
      body={t('empty.body')}
      testId="notifications-empty"
    />
  );
}
