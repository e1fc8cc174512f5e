import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';

/** A list's time filter: from and to as epoch ms (either left open), by date and time. */
export function TimeRange({ onChange }: { onChange: (range: { from?: number; to?: number }) => void }) {
  return (
    <DatePicker.RangePicker
      showTime
      onChange={(range) => {
        const [from, to] = (range ?? []) as [Dayjs | null, Dayjs | null];
        onChange({ from: from?.valueOf(), to: to?.valueOf() });
      }}
    />
  );
}
