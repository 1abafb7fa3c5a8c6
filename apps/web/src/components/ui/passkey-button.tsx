// The button that asks the browser for a passkey: the key icon and its words, or a spinner that
// says what it waits for while the browser's prompt is open.
import { KeyRound } from 'lucide-react';
import { Button, type ButtonProps } from './button';
import { Spinner } from './spinner';

export interface PasskeyButtonProps extends Omit<ButtonProps, 'children'> {
  label: string;
  waitingLabel: string;
  isWaiting: boolean;
}

export function PasskeyButton({
  label,
  waitingLabel,
  isWaiting,
  disabled,
  type = 'button',
  ...props
}: PasskeyButtonProps) {
  return (
    <Button type={type} disabled={Boolean(disabled) || isWaiting} {...props}>
      {isWaiting ? (
        <Spinner label={waitingLabel} />
      ) : (
        <>
          <KeyRound aria-hidden />
          {label}
        </>
      )}
    </Button>
  );
}
