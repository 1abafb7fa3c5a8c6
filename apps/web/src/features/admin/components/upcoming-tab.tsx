import type { ComponentType } from 'react';
import { Card } from '@/components/ui/card';
import { useTranslation } from '@/lib/i18n';

/** A tab whose tools arrive with later work: what will be found there. */
export function UpcomingTab({
  section,
  title,
  icon: Icon,
}: {
  section: 'passwordReset';
  title: string;
  icon: ComponentType<{ 'aria-hidden'?: boolean; className?: string }>;
}) {
  const { t } = useTranslation('admin');
  return (
    <Card data-testid={`upcoming-${section}`}>
      <div className="flex flex-col items-center gap-3 p-8 text-center sm:p-12">
        <span className="flex size-12 items-center justify-center rounded-full bg-muted text-accent-strong">
          <Icon aria-hidden className="size-6" />
        </span>
        <h3 className="text-lg font-semibold">{title}</h3>
        <span className="rounded-full bg-accent/20 px-2.5 py-0.5 text-xs font-semibold">
          {t('upcoming.badge')}
        </span>
        <p className="max-w-xl text-muted-foreground">{t(`upcoming.${section}`)}</p>
      </div>
    </Card>
  );
}
