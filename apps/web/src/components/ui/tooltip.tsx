// Tooltips (SPEC §9: shown after 700 ms) in place of the browser's `title`, which waits its own
// time, cannot be styled for the theme and never shows on keyboard focus. A tooltip opens on hover
// after the delay and at once on keyboard focus; leaving, blurring or Escape closes it; while open
// it describes its trigger (aria-describedby). Written here rather than on a positioning library:
// the public pages carry it (the theme switch), and their first load has a budget
// (e2e/first-load.spec.ts). It sits below the trigger, or above near the bottom of the window,
// and is kept inside the window's width. Give a trigger that is not a control `tabIndex={0}` when
// keyboard users need what it shows (a truncated address).
import {
  cloneElement,
  type CSSProperties,
  type ReactElement,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { cn } from '@/lib/utils';

/** SPEC §9's tooltip delay. */
export const tooltipDelayMs = 700;

const gap = 6;
const margin = 8;

export function Tooltip({
  content,
  children,
  side = 'bottom',
  className,
}: {
  content: ReactNode;
  children: ReactElement<{ 'aria-describedby'?: string }>;
  side?: 'top' | 'bottom';
  className?: string;
}) {
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [style, setStyle] = useState<CSSProperties>({ visibility: 'hidden' });
  const anchor = useRef<HTMLSpanElement>(null);
  const tip = useRef<HTMLDivElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const pressed = useRef(false);

  const clear = () => window.clearTimeout(timer.current);
  const close = () => {
    clear();
    setIsOpen(false);
  };
  useEffect(() => clear, []);
  useEffect(() => {
    if (!isOpen) return;
    const hide = () => setIsOpen(false);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    document.addEventListener('keydown', onKey);
    window.addEventListener('scroll', hide, true);
    return () => {
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', hide, true);
    };
  }, [isOpen]);
  useLayoutEffect(() => {
    const trigger = anchor.current?.firstElementChild ?? anchor.current;
    if (!isOpen || !trigger || !tip.current) return;
    const at = trigger.getBoundingClientRect();
    const { width, height } = tip.current.getBoundingClientRect();
    const roomBelow = window.innerHeight - at.bottom;
    const below = side === 'bottom' ? roomBelow >= height + gap + margin : at.top < height + gap;
    const centred = at.left + at.width / 2 - width / 2;
    setStyle({
      top: below ? at.bottom + gap : at.top - gap - height,
      left: Math.max(margin, Math.min(centred, window.innerWidth - width - margin)),
    });
  }, [isOpen, side]);

  const trigger = cloneElement(children, isOpen ? { 'aria-describedby': id } : {});
  return (
    <span
      ref={anchor}
      className="contents"
      onPointerEnter={(event) => {
        if (event.pointerType === 'touch') return;
        clear();
        timer.current = window.setTimeout(() => setIsOpen(true), tooltipDelayMs);
      }}
      onPointerLeave={close}
      onPointerDown={() => {
        pressed.current = true;
      }}
      onFocus={() => {
        // Keyboard focus only: a click focuses the control too, and the hover already counts.
        if (!pressed.current) setIsOpen(true);
        pressed.current = false;
      }}
      onBlur={close}
    >
      {trigger}
      {isOpen
        ? createPortal(
            <div
              ref={tip}
              id={id}
              role="tooltip"
              style={{ position: 'fixed', ...style }}
              className={cn(
                'pointer-events-none z-50 max-w-xs rounded-md bg-foreground px-2.5 py-1.5 text-xs text-background shadow-md wrap-anywhere',
                className,
              )}
            >
              {content}
            </div>,
            document.body,
          )
        : null}
    </span>
  );
}
