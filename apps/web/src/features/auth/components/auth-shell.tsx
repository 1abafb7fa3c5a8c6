// The frame of the account pages (/auth, /reset-password, /update-password): a back link, the
// page heading and one narrow column that reads well from 360 px up.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { BrandMark } from '@/components/layout/brand';

export function AuthShell({
  back,
  title,
  description,
  children,
}: {
  back: { to: string; label: string };
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-14">
      <Button asChild variant="ghost" size="sm" className="mb-6 -ms-3">
        <Link to={back.to}>
          <ArrowLeft aria-hidden className="rtl:rotate-180" />
          {back.label}
        </Link>
      </Button>
      <div className="mb-6 flex flex-col items-center gap-3 text-center">
        <BrandMark className="size-12" />
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {description ? <p className="text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </div>
  );
}
