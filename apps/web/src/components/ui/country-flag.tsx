// A country's flag (SPEC §2's country lists, a delivery recipient's phone): an SVG picture loaded on demand, its 3:2 space kept
// empty until it comes (or while no country is chosen), so nothing moves; a plain white flag for
// a country without one (SPEC §3). Decorative: the country's name is always written beside it.
import { useEffect, useState } from 'react';
import { cn } from '@/lib/utils';
import { loadFlag } from '@/lib/flags';

export function CountryFlag({ iso, className }: { iso: string | undefined; className?: string }) {
  const [flag, setFlag] = useState<{ iso: string; src: string | undefined }>();
  useEffect(() => {
    if (!iso) return;
    let isCurrent = true;
    void loadFlag(iso).then((src) => {
      if (isCurrent) setFlag({ iso, src });
    });
    return () => {
      isCurrent = false;
    };
  }, [iso]);
  const loaded = flag && flag.iso === iso ? flag : undefined;
  const size = cn('inline-block h-4 w-6 shrink-0', className);
  const box = cn(size, 'rounded-[2px] border border-border');
  // Nothing chosen yet, or its flag on its way: the space only, never an empty box.
  if (!iso || !loaded) return <span aria-hidden className={cn(size, 'invisible')} />;
  return loaded.src ? (
    <img
      src={loaded.src}
      alt=""
      aria-hidden
      className={box}
      data-testid="country-flag"
      data-country={iso}
    />
  ) : (
    <span aria-hidden className={cn(box, 'bg-white')} data-testid="country-flag-blank" />
  );
}
