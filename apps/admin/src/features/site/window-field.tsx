import { DatePicker, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

/** A show window as the form edits it: two optional instants (an empty end is open). */
export type WindowValue = [Dayjs | null, Dayjs | null] | null | undefined;

export const windowToForm = (start: number | null, end: number | null): WindowValue => [start ? dayjs(start) : null, end ? dayjs(end) : null];
export const windowFromForm = (window: WindowValue): [number | null, number | null] => [window?.[0]?.valueOf() ?? null, window?.[1]?.valueOf() ?? null];

/** The window's form field; left empty, the item shows from now on without end. */
export function WindowField({ label }: { label: string }) {
  return (
    <Form.Item label={label} name="window" extra="留空则立即生效、长期有效">
      <DatePicker.RangePicker showTime allowEmpty={[true, true]} style={{ width: '100%' }} />
    </Form.Item>
  );
}

/** A window as a table cell. */
const minute = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm');
export const windowText = (start: number | null, end: number | null) =>
  start || end ? `${start ? minute(start) : '即时'} 至 ${end ? minute(end) : '长期'}` : '长期有效';
