import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatCount, formatDateTime, formatMoney, maskPhone, toEpochMs } from './format.ts';

describe('display formatters (seed 9)', () => {
  it('[S9-04] [S3-18] shows amounts with 2 decimals and the currency table symbol', () => {
    expect(formatMoney(1234.5, 'cny')).toBe('¥1,234.50');
    expect(formatMoney(0, 'cny')).toBe('¥0.00');
    expect(formatMoney(1234567.891, 'usdt')).toBe('₮1,234,567.89');
    expect(formatMoney(-12, 'usdt')).toBe('-₮12.00');
    expect(formatMoney(8, undefined)).toBe('¥8.00');
  });

  it('[S9-04] groups card numbers by 4', () => {
    expect(formatCardNumber('6222020012345678901')).toBe('6222 0200 1234 5678 901');
    expect(formatCardNumber('6222 0200 1234 5678')).toBe('6222 0200 1234 5678');
    expect(formatCardNumber('************5678')).toBe('**** **** **** 5678');
    expect(formatCardNumber('123')).toBe('123');
  });

  it('[S9-04] shows large counts in ten-thousands', () => {
    expect(formatCount(9999)).toBe('9999');
    expect(formatCount(10000)).toBe('1万');
    expect(formatCount(12345)).toBe('1.2万');
    expect(formatCount(19999)).toBe('1.9万');
    expect(formatCount(1234567)).toBe('123.4万');
  });

  it('[S9-04] masks a phone number by its length', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('91234567')).toBe('91****67');
    expect(maskPhone('1234')).toBe('1**4');
    expect(maskPhone('6012345678901')).toBe('601*******901');
    expect(maskPhone('12')).toBe('**');
    expect(maskPhone('')).toBe('');
  });

  it('[S9-09] reads 10-digit unix times as seconds and 13-digit ones as milliseconds', () => {
    expect(toEpochMs(1754438400)).toBe(1754438400000);
    expect(toEpochMs('1754438400')).toBe(1754438400000);
    expect(toEpochMs(1754438400123)).toBe(1754438400123);
    expect(formatDateTime(1754438400)).toBe(formatDateTime(1754438400000));
    expect(Number.isNaN(toEpochMs('soon'))).toBe(true);
  });

  it('[S1-05] writes times in Shanghai whatever the device zone', () => {
    // 2025-08-05T16:00:00Z is 2025-08-06 00:00 in Asia/Shanghai (the build date of seed 9).
    expect(formatDateTime(Date.UTC(2025, 7, 5, 16, 0))).toBe('2025-08-06 00:00');
  });
});
