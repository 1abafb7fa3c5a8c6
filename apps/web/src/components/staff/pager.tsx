// Previous / Next over a paged staff list (Transfer Management, the audit log). At the first or
// last page a button stays focusable (aria-disabled rather than disabled), so the keyboard focus
// does not fall to the page when it is pressed to reach that page.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';

const edgeClass = 'aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

export function Pager({
  page,
  pages,
  onPage,
  label,
  testId,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** What the pages are of, for screen readers. */
  label: string;
  testId: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <nav
      aria-label={label}
      className="flex items-center justify-between gap-3"
      data-testid={testId}
    >
      <Button
        variant="outline"
        size="sm"
        className={edgeClass}
        aria-disabled={page <= 1}
        onClick={() => {
          if (page > 1) onPage(page - 1);
        }}
      >
        <ChevronLeft aria-hidden className="rtl:rotate-180" />
        {t('pager.previous')}
      </Button>
      <p className="text-center text-sm text-muted-foreground" aria-live="polite">
        {t('pager.page', { page, pages })}
      </p>
      <Button
        variant="outline"
        size="sm"
        className={edgeClass}
        aria-disabled={page >= pages}
        onClick={() => {
          if (page < pages) onPage(page + 1);
        }}
      >
        {t('pager.next')}
        <ChevronRight aria-hidden className="rtl:rotate-180" />
      </Button>
    </nav>
  );
}
