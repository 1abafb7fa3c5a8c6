// A one-time code field: keeps digits only, at most `length` of them (SPEC §5), and asks phones
// for the numeric keypad and for the code from the message.
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { Input } from './input';

export function onlyDigits(value: string, length: number): string {
  return value.replace(/\D/g, '').slice(0, length);
}

export interface CodeInputProps extends Omit<
  ComponentProps<'input'>,
  'value' | 'onChange' | 'maxLength'
> {
  value: string;
  onValueChange: (value: string) => void;
  length?: number;
}

export function CodeInput({
  value,
  onValueChange,
  length = 6,
  className,
  ...props
}: CodeInputProps) {
  return (
    <Input
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern={`\\d{${length}}`}
      dir="ltr"
      spellCheck={false}
      maxLength={length}
      value={value}
      onChange={(event) => onValueChange(onlyDigits(event.target.value, length))}
      onPaste={(event) => {
        // A pasted code may carry spaces or dashes ("123 456"); keep its digits.
        event.preventDefault();
        onValueChange(onlyDigits(value + event.clipboardData.getData('text'), length));
      }}
      className={cn('h-12 text-center font-mono text-2xl tracking-[0.5em] sm:text-2xl', className)}
      {...props}
    />
  );
}
