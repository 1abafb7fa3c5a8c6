// The top of a signed-in page with actions of its own (History, Notifications): the way back to
// the dashboard, the page's title and what it holds, and its buttons, which wrap below the title
// on a phone and sit at its end on a wider screen (mirrored in Arabic).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function PageHeader({
  back,
  title,
  subtitle,
  children,
}: {
  back: { to: string; label: string };
  title: string;
  subtitle: string;
  /** The page's buttons. */
  children: ReactNode;
}) {
  return (
    <div>
      <Button asChild variant="ghost" size="sm" className="mb-4 -ms-3">
        <Link to={back.to}>
          <ArrowLeft aria-hidden className="rtl:rotate-180" />
          {back.label}
        </Link>
      </Button>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
          <p className="mt-2 text-muted-foreground">{subtitle}</p>
        </div>
        <div className="flex flex-wrap gap-2">{children}</div>
      </div>
    </div>
  );
}
