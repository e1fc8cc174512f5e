import { NumberKeyboard, PasscodeInput, type PasscodeInputRef } from 'antd-mobile';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { PIN_LENGTH, pinComplete, typedPin } from '../model/pin.ts';

export interface PinInputProps {
  value: string;
  onChange(value: string): void;
  /** Called with the 6 digits once all are in. */
  onFill?(value: string): void;
  error?: boolean;
  label: string;
  /** Opens with the keypad up, and keeps it up once all 6 are in (the password sheet). */
  autoFocus?: boolean;
}

/**
 * The 6-digit withdrawal password (seed 5): six boxes and a numeric keypad on the phone; a
 * physical keyboard types into it too. Only digits ever enter.
 */
export function PinInput({ value, onChange, onFill, error, label, autoFocus }: PinInputProps) {
  const input = useRef<PasscodeInputRef>(null);
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);
  const set = (next: string) => {
    const digits = typedPin(next);
    onChange(digits);
    if (!pinComplete(digits) || digits === value) return;
    // All six in: the keypad steps aside for the form's button, except where the digits are the action.
    if (!autoFocus) input.current?.blur();
    onFill?.(digits);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (/^\d$/.test(e.key)) set(value + e.key);
    else if (e.key === 'Backspace') set(value.slice(0, -1));
    else return;
    e.preventDefault();
  };
  return (
    <div className="bp-pin" onKeyDown={onKeyDown} aria-label={label} data-filled={value.length}>
      <PasscodeInput ref={input} value={value} onChange={set} length={PIN_LENGTH} seperated error={error} keyboard={<NumberKeyboard />} />
    </div>
  );
}
