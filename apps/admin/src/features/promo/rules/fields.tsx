import type { ReactNode } from 'react';
import { Button, Col, Form, InputNumber, Row, Select, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';

/** The small fields every kind's form is made of; names are under `config` unless given whole. */

export type Name = Array<string | number>;
const inConfig = (name: string | Name): Name => ['config', ...(Array.isArray(name) ? name : [name])];

export function MoneyField({ name, label, currency }: { name: string | Name; label: string; currency: string }) {
  return (
    <Form.Item label={label} name={inConfig(name)}>
      <InputNumber style={{ width: '100%' }} suffix={currency} />
    </Form.Item>
  );
}

export function CountField({ name, label, unit }: { name: string | Name; label: string; unit?: string }) {
  return (
    <Form.Item label={label} name={inConfig(name)}>
      <InputNumber style={{ width: '100%' }} precision={0} suffix={unit} />
    </Form.Item>
  );
}

export function MultipleField() {
  return (
    <Form.Item label="彩金流水倍数" name={['config', 'multipleX100']} tooltip="领取的彩金需完成的有效投注倍数">
      <InputNumber style={{ width: '100%' }} suffix="倍" />
    </Form.Item>
  );
}

/** Fields three to a row. */
export const Fields = ({ children }: { children: ReactNode[] }) => (
  <Row gutter={16}>
    {children.map((child, i) => (
      <Col span={8} key={i}>
        {child}
      </Col>
    ))}
  </Row>
);

/** A list of rows under `config.<name>`, each row's fields from `row`, with add and remove. */
export function ListField({ name, label, add, row }: { name: string; label: string; add: () => unknown; row: (index: number) => ReactNode }) {
  return (
    <Form.Item label={label}>
      <Form.List name={['config', name]}>
        {(items, { add: push, remove }) => (
          <>
            {items.map((item) => (
              <Space key={item.key} align="start" style={{ display: 'flex' }}>
                {row(item.name)}
                <MinusCircleOutlined aria-label="删除" style={{ marginTop: 8 }} onClick={() => remove(item.name)} />
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => push(add())}>
              添加
            </Button>
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}

export const choices = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));
export const PickField = ({
  name,
  label,
  options,
  multiple,
}: {
  name: string | Name;
  label: string;
  options: Array<{ value: string | number; label: string }>;
  multiple?: boolean;
}) => (
  <Form.Item label={label} name={inConfig(name)}>
    <Select options={options} mode={multiple ? 'multiple' : undefined} allowClear={multiple} placeholder="不限" />
  </Form.Item>
);
