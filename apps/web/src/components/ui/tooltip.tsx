// Tooltips (SPEC §9: shown after 700 ms) on Radix Tooltip, in place of the browser's `title`,
// which waits its own time, cannot be styled for the theme and never shows on keyboard focus.
// A tooltip opens on hover after the delay and at once on keyboard focus; Escape closes it. The
// trigger is the child itself (asChild): give a trigger that is not a control `tabIndex={0}` when
// keyboard users need what it shows (a truncated address).
import type { ReactElement, ReactNode } from 'react';
import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { cn } from '@/lib/utils';

/** SPEC §9's tooltip delay. */
export const tooltipDelayMs = 700;

export function Tooltip({
  content,
  children,
  side = 'top',
  className,
}: {
  content: ReactNode;
  children: ReactElement;
  side?: 'top' | 'bottom' | 'left' | 'right';
  className?: string;
}) {
  // A provider each, as shadcn does: a tooltip works wherever it is rendered, tests included.
  return (
    <TooltipPrimitive.Provider delayDuration={tooltipDelayMs}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            side={side}
            sideOffset={6}
            collisionPadding={8}
            className={cn(
              'z-50 max-w-xs rounded-md bg-foreground px-2.5 py-1.5 text-xs text-background shadow-md wrap-anywhere',
              className,
            )}
          >
            {content}
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
