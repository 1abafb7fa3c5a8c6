// An email address inside any text: left to right even in Arabic, and, where a column is narrow,
// broken after the "@" or before a dot of the domain rather than mid-word ("james@demo.s|ecure…").
// Only an address too long for even that breaks elsewhere.
import { Fragment } from 'react';
import { cn } from '@/lib/utils';

export function EmailAddress({ email, className }: { email: string; className?: string }) {
  const at = email.lastIndexOf('@');
  const local = at < 0 ? '' : email.slice(0, at + 1);
  const domain = email.slice(at + 1).split(/(?=\.)/);
  return (
    <bdi dir="ltr" className={cn('wrap-anywhere', className)}>
      {local}
      {local ? <wbr /> : null}
      {domain.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </bdi>
  );
}
