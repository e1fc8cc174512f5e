import { useState } from 'react';
import { App, Button, Card, Form, Input, Modal, QRCode, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { OPERATOR_ROLES, OperatorCreateBody, ROLE_LABELS, type OperatorRole, type OperatorView } from '@bp/contract';
import { call } from '../../shared/api.ts';
import { zodRule } from '../../shared/form.ts';
import { dateTime } from '../../shared/format.ts';
import { useMe, useSites } from '../../shared/me.ts';

type Operator = z.output<typeof OperatorView>;
const ROLE_OPTIONS = OPERATOR_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** Operators: their roles, sites and status; a new one's two-factor secret is shown once, as a QR code. */
export function OperatorsPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const me = useMe().data;
  const { sites } = useSites();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ name: string; uri: string } | null>(null);
  const [form] = Form.useForm<{ name: string; password: string; roles: OperatorRole[]; siteIds: number[] }>();
  const list = useQuery({ queryKey: ['operators'], queryFn: () => call('/api/admin/operator/list', {}) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['operators'] });
  const create = useMutation({
    mutationFn: (fields: { name: string; password: string; roles: OperatorRole[]; siteIds: number[] }) =>
      call('/api/admin/operator/create', { ...fields, siteIds: fields.siteIds?.length ? fields.siteIds : null }),
    onSuccess: (created) => {
      setCreating(false);
      setSecret({ name: created.operator.name, uri: created.otpauthUri });
      void refresh();
    },
    onError: (err) => message.error(err.message),
  });
  const update = useMutation({
    mutationFn: (change: { operatorId: number; roles?: OperatorRole[]; siteIds?: number[] | null; status?: 'active' | 'disabled' }) =>
      call('/api/admin/operator/update', change),
    onSuccess: () => {
      message.success('已保存');
      void refresh();
    },
    onError: (err) => message.error(err.message),
  });
  const siteOptions = sites.map((s) => ({ value: s.siteId, label: `${s.name}（${s.currency}）` }));
  return (
    <Card
      title="操作员"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          新建操作员
        </Button>
      }
    >
      <Table<Operator>
        rowKey="operatorId"
        loading={list.isFetching}
        dataSource={list.data?.list}
        pagination={false}
        columns={[
          { title: 'ID', dataIndex: 'operatorId', width: 70 },
          { title: '账号', dataIndex: 'name' },
          {
            title: '角色',
            width: 360,
            render: (_, o) => (
              <Select
                mode="multiple"
                style={{ width: '100%' }}
                value={o.roles}
                options={ROLE_OPTIONS}
                disabled={o.operatorId === me?.operatorId}
                onChange={(roles: OperatorRole[]) => roles.length && update.mutate({ operatorId: o.operatorId, roles })}
              />
            ),
          },
          {
            title: '可操作站点',
            width: 260,
            render: (_, o) => (
              <Select
                mode="multiple"
                style={{ width: '100%' }}
                placeholder="全部站点"
                value={o.siteIds ?? []}
                options={siteOptions}
                onChange={(siteIds: number[]) => update.mutate({ operatorId: o.operatorId, siteIds: siteIds.length ? siteIds : null })}
              />
            ),
          },
          {
            title: '启用',
            render: (_, o) => (
              <Switch
                checked={o.status === 'active'}
                disabled={o.operatorId === me?.operatorId}
                onChange={(on) => update.mutate({ operatorId: o.operatorId, status: on ? 'active' : 'disabled' })}
              />
            ),
          },
          { title: '最近登录', dataIndex: 'lastLoginAt', render: dateTime },
          { title: '创建时间', dataIndex: 'createdAt', render: dateTime },
        ]}
      />
      <Modal
        title="新建操作员"
        open={creating}
        okText="创建"
        confirmLoading={create.isPending}
        onCancel={() => setCreating(false)}
        onOk={() => form.validateFields().then((f) => create.mutate(f))}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item label="账号" name="name" rules={[zodRule(OperatorCreateBody.shape.name)]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item label="初始密码" name="password" rules={[zodRule(OperatorCreateBody.shape.password)]} extra="至少10位，须包含字母和数字">
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item label="角色" name="roles" rules={[zodRule(OperatorCreateBody.shape.roles)]}>
            <Select mode="multiple" options={ROLE_OPTIONS} />
          </Form.Item>
          <Form.Item label="可操作站点" name="siteIds" extra="不选则可操作全部站点">
            <Select mode="multiple" options={siteOptions} placeholder="全部站点" />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        title={`${secret?.name ?? ''} 的两步验证密钥`}
        open={secret !== null}
        footer={
          <Button type="primary" onClick={() => setSecret(null)}>
            我已保存
          </Button>
        }
        closable={false}
      >
        {secret && (
          <Space direction="vertical" align="center" style={{ width: '100%' }}>
            <Typography.Paragraph>请让该操作员用身份验证器扫描二维码。密钥仅显示这一次。</Typography.Paragraph>
            <QRCode value={secret.uri} size={200} />
            <Typography.Paragraph copyable code style={{ wordBreak: 'break-all' }}>
              {secret.uri}
            </Typography.Paragraph>
            <Tag color="orange">请妥善保管，勿通过聊天工具发送</Tag>
          </Space>
        )}
      </Modal>
    </Card>
  );
}
