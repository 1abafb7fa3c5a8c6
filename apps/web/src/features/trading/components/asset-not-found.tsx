// An address with a symbol the catalogue does not list (SPEC §2: "Metal not found",
// "Cryptocurrency Not Found"), with the way back to the list.
import { Link } from 'react-router';
import { ArrowLeft, SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { usePageTitle } from '@/lib/use-page-title';

export function AssetNotFound({
  title,
  body,
  backTo,
  backLabel,
}: {
  title: string;
  body: string;
  backTo: string;
  backLabel: string;
}) {
  usePageTitle(title);
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <Card>
        <div className="flex flex-col items-center gap-4 p-8 text-center sm:p-12">
          <span className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <SearchX aria-hidden className="size-7" />
          </span>
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          <p className="text-muted-foreground">{body}</p>
          <Button asChild variant="outline">
            <Link to={backTo}>
              <ArrowLeft aria-hidden className="rtl:rotate-180" />
              {backLabel}
            </Link>
          </Button>
        </div>
      </Card>
    </div>
  );
}
