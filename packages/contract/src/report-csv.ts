/**
 * A report as CSV (the console's 导出 CSV, made in the browser from the very rows the screen shows):
 * UTF-8 with a byte-order mark so Excel reads the Chinese, CRLF lines, a field quoted when it holds
 * a comma, quote or line break, amounts as plain numbers.
 */

const field = (value: string | number): string => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export function reportCsv<R extends { label: string; currency: string }>(
  rows: R[],
  dimension: string,
  figures: Array<{ key: keyof R & string; title: string }>,
): string {
  const header = [dimension, '币种', ...figures.map((f) => f.title)];
  const lines = rows.map((r) => [r.label, r.currency, ...figures.map((f) => r[f.key] as number)]);
  return `\uFEFF${[header, ...lines].map((line) => line.map(field).join(',')).join('\r\n')}\r\n`;
}
