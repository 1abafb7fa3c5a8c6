// Buttons in the shadcn style. `asChild` renders the one child (usually a router <Link>) with
// the button's classes, so links look like buttons without nesting interactive elements.
import { type ComponentProps, cloneElement, isValidElement } from 'react';
import { fieldOf } from '@secure-vault/shared/guards';
import { cn } from '@/lib/utils';

const base =
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0 cursor-pointer';

const variants = {
  default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary/90',
  accent: 'bg-accent text-accent-foreground shadow-sm hover:bg-accent/90',
  outline: 'border border-input bg-card hover:bg-muted',
  ghost: 'hover:bg-muted',
  link: 'text-accent-strong underline-offset-4 hover:underline',
  destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive/90',
} as const;

const sizes = {
  default: 'h-10 px-4 py-2',
  sm: 'h-9 px-3',
  lg: 'h-12 px-6 text-base',
  icon: 'size-10',
} as const;

export interface ButtonStyle {
  variant?: keyof typeof variants | null | undefined;
  size?: keyof typeof sizes | null | undefined;
  className?: string | undefined;
}

export function buttonVariants({ variant, size, className }: ButtonStyle = {}): string {
  return cn(base, variants[variant ?? 'default'], sizes[size ?? 'default'], className);
}

export interface ButtonProps extends ComponentProps<'button'>, Omit<ButtonStyle, 'className'> {
  asChild?: boolean;
}

export function Button({
  className,
  variant,
  size,
  asChild = false,
  children,
  ...props
}: ButtonProps) {
  const classes = buttonVariants({ variant, size, className });
  if (asChild && isValidElement(children)) {
    const own = fieldOf(children.props, 'className');
    const merged = { ...props, className: cn(classes, typeof own === 'string' ? own : undefined) };
    return cloneElement(children, merged);
  }
  return (
    <button className={classes} {...props}>
      {children}
    </button>
  );
}
