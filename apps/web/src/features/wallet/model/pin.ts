import { WITHDRAW_PASSWORD_PATTERN } from '@bp/contract';

/** The withdrawal password has 6 digits (seed 5): only digits enter, never more than 6. */
export const PIN_LENGTH = 6;
export const typedPin = (raw: string): string => raw.replace(/\D/g, '').slice(0, PIN_LENGTH);
export const pinComplete = (pin: string): boolean => WITHDRAW_PASSWORD_PATTERN.test(pin);
