import { useState } from 'react';
import { App, Button, Card, Col, Empty, Form, Input, Row, Space, Switch, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Errors, ExpertInput, type AdminExpert } from '@bp/contract';
import { call } from '../../shared/api.ts';
import { zodRule } from '../../shared/form.ts';
import { useSiteChoice } from '../../shared/site-picker.tsx';
import { EditModal, showRefusal } from '../../shared/edit-modal.tsx';
import { Badge, ColorField } from './content-parts.tsx';
import { ExpertPicksDrawer } from './ExpertPicksDrawer.tsx';

type Expert = z.output<typeof AdminExpert>;
type Input = z.input<typeof ExpertInput>;
const field = ExpertInput.shape;
const BLANK: Input = { name: '', title: '', bio: '', badgeColor: '#2a7de1', enabled: true };

/** The expert's record as the member page shows it: hit rate, won and lost, how many picks. */
function Record({ e }: { e: Expert }) {
  const { record } = e;
  return (
    <Space direction="vertical" size={0}>
      <Typography.Text strong>{record.hitRate === null ? '暂无命中率' : `命中率 ${record.hitRate}%`}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {record.won}中{record.lost}失 · 共推荐 {record.picks} 场
      </Typography.Text>
    </Space>
  );
}

/** The expert's form: name, title, intro, the badge's colour (the page shows the name's first character on it), enabled. */
function ExpertForm() {
  const name = (Form.useWatch('name') as string | undefined) ?? '';
  const color = (Form.useWatch('badgeColor') as string | undefined) ?? BLANK.badgeColor;
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item label="专家名称" name="name" rules={[zodRule(field.name)]}>
          <Input maxLength={16} showCount />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="头衔" name="title" rules={[zodRule(field.title)]} extra="显示在名称下方，如「胜平负专栏」">
          <Input maxLength={20} showCount />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item label="简介" name="bio" rules={[zodRule(field.bio)]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={300} showCount />
        </Form.Item>
      </Col>
      <Col span={12}>
        <ColorField name="badgeColor" label="头像颜色" schema={field.badgeColor} />
      </Col>
      <Col span={6}>
        <Form.Item label="头像预览">
          <Badge text={name.trim().slice(0, 1) || '专'} color={color} size={40} />
        </Form.Item>
      </Col>
      <Col span={6}>
        <Form.Item label="启用" name="enabled" valuePropName="checked" extra="停用后会员看不到该专家">
          <Switch />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** A site's experts (专家推荐): their records from the book's results, added, edited, switched on and off, their picks entered. */
export function ExpertsPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { siteId, picker } = useSiteChoice();
  const [editing, setEditing] = useState<Expert | 'new' | null>(null);
  const [picking, setPicking] = useState<Expert | null>(null);
  const [form] = Form.useForm<Input>();
  const key = ['experts', siteId];
  const list = useQuery({ queryKey: key, queryFn: () => call('/api/admin/promo/expert/list', { siteId: siteId! }), enabled: siteId !== undefined });
  const done = () => queryClient.invalidateQueries({ queryKey: ['experts'] });
  const save = useMutation({
    mutationFn: (expert: Input) =>
      call('/api/admin/promo/expert/save', { siteId: siteId!, ...(editing !== 'new' && editing ? { expertId: editing.expertId } : {}), expert }),
    onSuccess: (e) => {
      setEditing(null);
      message.success(`专家「${e.name}」已保存`);
      return done();
    },
    onError: (err) => showRefusal(form, err, 'expert.', 'name', { [Errors.EXPERT_NAME_TAKEN.code]: 'name' }),
  });
  const toggle = useMutation({
    mutationFn: (e: { expertId: number; enabled: boolean }) => call('/api/admin/promo/expert/switch', { siteId: siteId!, ...e }),
    onSuccess: (e) => {
      message.success(e.enabled ? `已启用「${e.name}」` : `已停用「${e.name}」`);
      return done();
    },
    onError: (err) => message.error(err.message),
  });
  const open = (e: Expert | 'new') => {
    setEditing(e);
    form.setFieldsValue(e === 'new' ? BLANK : { name: e.name, title: e.title, bio: e.bio, badgeColor: e.badgeColor, enabled: e.enabled });
  };
  const experts = list.data?.list ?? [];
  return (
    <Card
      title="专家推荐"
      extra={
        <Space>
          {picker}
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} disabled={siteId === undefined}>
            新增专家
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        战绩按本站体育结算结果自动计算（走盘不计）。推荐只能选择当前开放投注的选项，每位专家每场赛事推荐一次，赔率取推荐时的赔率。
      </Typography.Paragraph>
      <Table<Expert>
        rowKey="expertId"
        loading={list.isFetching}
        dataSource={experts}
        pagination={false}
        locale={{ emptyText: <Empty description="暂无专家，点击「新增专家」添加" /> }}
        columns={[
          { title: '头像', width: 70, render: (_, e) => <Badge text={e.badge.text} color={e.badge.color} /> },
          {
            title: '专家',
            width: 200,
            render: (_, e) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{e.name}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {e.title}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: '简介',
            dataIndex: 'bio',
            render: (bio: string) => (
              <Typography.Paragraph ellipsis={{ rows: 2, tooltip: bio }} style={{ margin: 0 }}>
                {bio}
              </Typography.Paragraph>
            ),
          },
          { title: '战绩', width: 170, render: (_, e) => <Record e={e} /> },
          { title: '待开赛推荐', dataIndex: 'open', width: 110, render: (n: number) => `${n} 场` },
          {
            title: '推荐来源',
            width: 120,
            render: (_, e) => (e.auto ? <Tag color="blue">演示规则自动推荐</Tag> : <Tag>人工录入</Tag>),
          },
          {
            title: '启用',
            width: 70,
            render: (_, e) => (
              <Switch aria-label={`启用 ${e.name}`} checked={e.enabled} onChange={(enabled) => toggle.mutate({ expertId: e.expertId, enabled })} />
            ),
          },
          {
            title: '操作',
            width: 150,
            render: (_, e) => (
              <Space>
                <Button type="link" size="small" aria-label={`编辑 ${e.name}`} onClick={() => open(e)}>
                  编辑
                </Button>
                <Button type="link" size="small" aria-label={`推荐 ${e.name}`} onClick={() => setPicking(e)}>
                  推荐管理
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <EditModal
        title={editing === 'new' ? '新增专家' : editing ? `编辑专家：${editing.name}` : ''}
        open={editing !== null}
        form={form}
        saving={save.isPending}
        onClose={() => setEditing(null)}
        onSave={async () => save.mutate(await form.validateFields())}
      >
        <ExpertForm />
      </EditModal>
      {siteId !== undefined && (
        <ExpertPicksDrawer siteId={siteId} expert={experts.find((e) => e.expertId === picking?.expertId) ?? picking} onClose={() => setPicking(null)} />
      )}
    </Card>
  );
}
