// A card that says there is nothing here (yet): an icon in a circle, a title, what to know, and
// what to do next (History with nothing to list, no notices yet, a receipt that does not exist).
import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';

export function EmptyState({
  icon: Icon,
  title,
  body,
  testId,
  heading: Heading = 'h3',
  children,
}: {
  icon: LucideIcon;
  title: string;
  body: string;
  testId: string;
  /** `h1` when the state is the whole page (a receipt not found). */
  heading?: 'h1' | 'h3';
  /** What to do next: a button or a link. */
  children?: ReactNode;
}) {
  return (
    <Card>
      <div
        className="flex flex-col items-center gap-4 p-8 text-center sm:p-12"
        data-testid={testId}
      >
        <span className="flex size-14 items-center justify-center rounded-full bg-muted text-accent-strong">
          <Icon aria-hidden className="size-7" />
        </span>
        <Heading className="text-xl font-semibold">{title}</Heading>
        <p className="max-w-lg text-muted-foreground">{body}</p>
        {children}
      </div>
    </Card>
  );
}
