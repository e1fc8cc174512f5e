import { RuleMessages } from './messages.ts';

/** Card numbers are shown in groups of 4; spaces a member types are not part of the number. */
export const compactCardNum = (cardNum: string): string => cardNum.replace(/\s+/g, '');

/** The Luhn (mod 10) check digit test over a string of digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Seed 5, bank cards: 12 to 19 digits passing the Luhn check. */
export function checkBankCard(cardNum: string): string | null {
  const digits = compactCardNum(cardNum);
  return /^\d{12,19}$/.test(digits) && luhnValid(digits) ? null : RuleMessages.bankCard;
}
