import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The top of a list page: the way back, the title and a line about it. */
export function ListHeader({
  backTo,
  backLabel,
  title,
  subtitle,
  children,
}: {
  backTo: string;
  backLabel: string;
  title: string;
  subtitle: string;
  children?: ReactNode;
}) {
  return (
    <div>
      <Button asChild variant="ghost" size="sm" className="mb-4 -ms-3">
        <Link to={backTo}>
          <ArrowLeft aria-hidden className="rtl:rotate-180" />
          {backLabel}
        </Link>
      </Button>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
          <p className="mt-2 max-w-2xl text-muted-foreground">{subtitle}</p>
        </div>
        {children}
      </div>
    </div>
  );
}
