import { useState } from 'react';
import { App, Button, Card, Col, Empty, Form, Input, InputNumber, Row, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { SponsorInput, type AdminSponsor, type SPONSOR_KINDS } from '@bp/contract';
import { call } from '../../shared/api.ts';
import { zodRule } from '../../shared/form.ts';
import { useSiteChoice } from '../../shared/site-picker.tsx';
import { EditModal, showRefusal } from '../../shared/edit-modal.tsx';
import { Badge, ColorField, acrossRule } from './content-parts.tsx';

type Sponsor = z.output<typeof AdminSponsor>;
type Input = z.input<typeof SponsorInput>;
const KINDS: Record<(typeof SPONSOR_KINDS)[number], string> = { club: '俱乐部', league: '联赛', brand: '品牌' };
const field = SponsorInput.shape;
const BLANK: Input = {
  name: '',
  kind: 'club',
  badgeText: '',
  badgeColor: '#1f4fa3',
  fromYear: new Date().getFullYear(),
  toYear: null,
  summary: '',
  enabled: true,
};
const years = (s: { fromYear: number; toYear: number | null }) => (s.toYear === null ? `${s.fromYear} 年至今` : `${s.fromYear} - ${s.toYear} 年`);

/** The sponsor's form: name, kind, badge letters and colour (previewed as the page draws it), years, summary, shown. */
function SponsorForm() {
  const text = (Form.useWatch('badgeText') as string | undefined) ?? '';
  const color = (Form.useWatch('badgeColor') as string | undefined) ?? BLANK.badgeColor;
  return (
    <Row gutter={16}>
      <Col span={16}>
        <Form.Item label="名称" name="name" rules={[zodRule(field.name)]}>
          <Input maxLength={30} showCount />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item label="类型" name="kind" rules={[zodRule(field.kind)]}>
          <Select options={Object.entries(KINDS).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item label="徽标文字" name="badgeText" rules={[zodRule(field.badgeText)]} extra="1–4个字，如「星河」「EBL」">
          <Input maxLength={4} />
        </Form.Item>
      </Col>
      <Col span={10}>
        <ColorField name="badgeColor" label="徽标颜色" schema={field.badgeColor} />
      </Col>
      <Col span={6}>
        <Form.Item label="徽标预览">
          <Badge text={text.trim() || '徽标'} color={color} size={44} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item label="开始年份" name="fromYear" rules={[zodRule(field.fromYear)]}>
          <InputNumber precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item
          label="结束年份"
          name="toYear"
          dependencies={['fromYear']}
          rules={[zodRule(field.toYear), acrossRule(SponsorInput, 'toYear')]}
          extra="留空表示合作至今"
        >
          <InputNumber precision={0} placeholder="至今" style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item label="在会员端展示" name="enabled" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item label="简介" name="summary" rules={[zodRule(field.summary)]}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} maxLength={300} showCount />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** A site's sponsors (赞助): added, edited, shown or hidden, put in the order the member page lists them. */
export function SponsorsPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { siteId, picker } = useSiteChoice();
  const [editing, setEditing] = useState<Sponsor | 'new' | null>(null);
  const [form] = Form.useForm<Input>();
  const key = ['sponsors', siteId];
  const list = useQuery({ queryKey: key, queryFn: () => call('/api/admin/promo/sponsor/list', { siteId: siteId! }), enabled: siteId !== undefined });
  const rows = list.data?.list ?? [];
  const done = () => queryClient.invalidateQueries({ queryKey: key });
  const failed = (err: Error) => message.error(err.message);
  const save = useMutation({
    mutationFn: (sponsor: Input) =>
      call('/api/admin/promo/sponsor/save', { siteId: siteId!, ...(editing !== 'new' && editing ? { sponsorId: editing.sponsorId } : {}), sponsor }),
    onSuccess: (s) => {
      setEditing(null);
      message.success(`「${s.name}」已保存`);
      return done();
    },
    onError: (err) => showRefusal(form, err, 'sponsor.', 'name'),
  });
  const toggle = useMutation({
    mutationFn: (s: { sponsorId: number; enabled: boolean }) => call('/api/admin/promo/sponsor/switch', { siteId: siteId!, ...s }),
    onSuccess: (s) => {
      message.success(s.enabled ? `「${s.name}」已在会员端展示` : `「${s.name}」已隐藏`);
      return done();
    },
    onError: failed,
  });
  const sort = useMutation({
    mutationFn: (sponsorIds: number[]) => call('/api/admin/promo/sponsor/sort', { siteId: siteId!, sponsorIds }),
    onSuccess: () => {
      message.success('排序已保存');
      return done();
    },
    onError: async (err) => {
      failed(err);
      await done();
    },
  });
  const move = (index: number, by: -1 | 1) => {
    const ids = rows.map((s) => s.sponsorId);
    [ids[index], ids[index + by]] = [ids[index + by], ids[index]];
    sort.mutate(ids);
  };
  const open = (s: Sponsor | 'new') => {
    setEditing(s);
    if (s === 'new') return form.setFieldsValue(BLANK);
    const { sponsorId: _, sort: __, ...input } = s;
    form.setFieldsValue(input);
  };
  return (
    <Card
      title="赞助伙伴"
      extra={
        <Space>
          {picker}
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} disabled={siteId === undefined}>
            新增赞助
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">会员端「赞助伙伴」页按此顺序展示已开启展示的赞助伙伴，修改即时生效。</Typography.Paragraph>
      <Table<Sponsor>
        rowKey="sponsorId"
        loading={list.isFetching || sort.isPending}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: <Empty description="暂无赞助伙伴，点击「新增赞助」添加" /> }}
        columns={[
          {
            title: '排序',
            width: 90,
            render: (_, s, index) => (
              <Space size={4}>
                <Button size="small" icon={<ArrowUpOutlined />} aria-label={`上移 ${s.name}`} disabled={index === 0} onClick={() => move(index, -1)} />
                <Button
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={`下移 ${s.name}`}
                  disabled={index === rows.length - 1}
                  onClick={() => move(index, 1)}
                />
              </Space>
            ),
          },
          { title: '徽标', width: 70, render: (_, s) => <Badge text={s.badgeText} color={s.badgeColor} /> },
          {
            title: '名称',
            width: 220,
            render: (_, s) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{s.name}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {years(s)}
                </Typography.Text>
              </Space>
            ),
          },
          { title: '类型', dataIndex: 'kind', width: 90, render: (k: Sponsor['kind']) => <Tag>{KINDS[k]}</Tag> },
          {
            title: '简介',
            dataIndex: 'summary',
            render: (text: string) => (
              <Typography.Paragraph ellipsis={{ rows: 2, tooltip: text }} style={{ margin: 0 }}>
                {text}
              </Typography.Paragraph>
            ),
          },
          {
            title: '展示',
            width: 70,
            render: (_, s) => (
              <Switch aria-label={`展示 ${s.name}`} checked={s.enabled} onChange={(enabled) => toggle.mutate({ sponsorId: s.sponsorId, enabled })} />
            ),
          },
          {
            title: '操作',
            width: 80,
            render: (_, s) => (
              <Button type="link" size="small" aria-label={`编辑 ${s.name}`} onClick={() => open(s)}>
                编辑
              </Button>
            ),
          },
        ]}
      />
      <EditModal
        title={editing === 'new' ? '新增赞助伙伴' : editing ? `编辑：${editing.name}` : ''}
        open={editing !== null}
        form={form}
        saving={save.isPending}
        onClose={() => setEditing(null)}
        onSave={async () => save.mutate(await form.validateFields())}
      >
        <SponsorForm />
      </EditModal>
    </Card>
  );
}
