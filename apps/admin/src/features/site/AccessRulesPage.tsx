import { useState } from 'react';
import { Alert, App, Button, Card, Empty, Form, Input, Popconfirm, Radio, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  ACCESS_RULE_ACTION_NAMES,
  ACCESS_RULE_ACTIONS,
  ACCESS_RULE_KIND_NAMES,
  ACCESS_RULE_KINDS,
  ACCESS_RULES_MAX,
  AccessRuleInput,
  Errors,
  type AccessRule,
} from '@bp/contract';
import { call } from '../../shared/api.ts';
import { zodRule } from '../../shared/form.ts';
import { useSiteChoice } from '../../shared/site-picker.tsx';
import { EditModal, showRefusal } from '../../shared/edit.tsx';

type Fields = z.input<typeof AccessRuleInput>;
const field = AccessRuleInput.shape;
const BLANK: Fields = { kind: 'ip', action: 'deny', value: '', reason: '' };
const ACTION_COLORS = { allow: 'green', deny: 'red', caveat: 'orange' } as const;

/** How the server judges a visitor (`judge` in the site module), strongest first, as an operator needs to know it. */
function Precedence() {
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      message="规则如何生效（按优先级从高到低）"
      description={
        <ol style={{ margin: 0, paddingLeft: 20 }}>
          <li>允许的 IP：该地址或网段的访客一律放行，下面的规则都不再对其生效（适合办公室、合作方）。</li>
          <li>拒绝的 IP，其次拒绝的国家：访客看到「访问受限」页和限制代码（如 IP_DENIED-编号，客服可据此找到规则），登录状态被清除。</li>
          <li>允许的国家：只要有一条，名单以外的国家和无法识别国家的访客都会被拒绝（限制代码 COUNTRY_NOT_ALLOWED）。</li>
          <li>提示的 IP 或国家：访客看到「访问提示」页和这里填写的原因，暂时不能使用站点，但登录状态保留。</li>
          <li>客服页面始终可以访问。添加或删除后立即生效。</li>
        </ol>
      }
    />
  );
}

/** The value's field, its hint following the kind chosen. */
function RuleForm() {
  const kind = (Form.useWatch('kind') as Fields['kind'] | undefined) ?? 'ip';
  const action = Form.useWatch('action') as Fields['action'] | undefined;
  return (
    <>
      <Form.Item label="类型" name="kind" rules={[zodRule(field.kind)]}>
        <Radio.Group optionType="button" options={ACCESS_RULE_KINDS.map((k) => ({ value: k, label: ACCESS_RULE_KIND_NAMES[k] }))} />
      </Form.Item>
      <Form.Item label="动作" name="action" rules={[zodRule(field.action)]}>
        <Radio.Group optionType="button" options={ACCESS_RULE_ACTIONS.map((a) => ({ value: a, label: ACCESS_RULE_ACTION_NAMES[a] }))} />
      </Form.Item>
      <Form.Item
        label={kind === 'ip' ? 'IP 地址或网段' : '国家代码'}
        name="value"
        rules={[zodRule(field.value)]}
        extra={kind === 'ip' ? '单个地址或 CIDR 网段，IPv4 或 IPv6，如 203.0.113.0/24、2001:db8::/32' : '两位 ISO 国家代码，如 CN、HK、PH'}
      >
        <Input style={{ fontFamily: 'monospace' }} />
      </Form.Item>
      <Form.Item
        label="原因"
        name="reason"
        rules={[zodRule(field.reason)]}
        extra={action === 'caveat' ? '会显示在访客的「访问提示」页上' : '仅供后台查看，访客看不到'}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={200} showCount />
      </Form.Item>
    </>
  );
}

/** What adding this rule would do that an operator could regret: turn away visitors who are let in now. */
function lockoutWarning(rule: Fields, rules: AccessRule[]): string | null {
  if (rule.kind === 'country' && rule.action === 'allow' && !rules.some((r) => r.kind === 'country' && r.action === 'allow')) {
    return `这是第一条「允许」国家的规则：添加后，只有名单内国家（现为 ${rule.value.trim().toUpperCase()}）的访客可以访问，其他国家和无法识别国家的访客都将被拒绝。`;
  }
  if (rule.kind === 'ip' && rule.action === 'deny' && /\/0$/.test(rule.value.trim())) return '该网段包含所有地址：除「允许」的 IP 外，所有访客都将被拒绝。';
  return null;
}

/** A site's access rules (issue 17): IP ranges and countries allowed, denied or cautioned; added and removed one at a time. */
export function AccessRulesPage() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const { siteId, picker } = useSiteChoice();
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm<Fields>();
  const key = ['site-access', siteId];
  const list = useQuery({ queryKey: key, queryFn: () => call('/api/admin/site/access/list', { siteId: siteId! }), enabled: siteId !== undefined });
  const rules = list.data?.list ?? [];
  const done = () => queryClient.invalidateQueries({ queryKey: key });
  const add = useMutation({
    mutationFn: (rule: Fields) => call('/api/admin/site/access/add', { siteId: siteId!, rule }),
    onSuccess: (rule) => {
      setAdding(false);
      message.success(`已添加规则 #${rule.id}`);
      return done();
    },
    onError: (err) => showRefusal(form, err, 'rule.', 'value', { [Errors.ACCESS_RULE_DUPLICATE.code]: 'value' }),
  });
  const remove = useMutation({
    mutationFn: (id: number) => call('/api/admin/site/access/remove', { siteId: siteId!, id }),
    onSuccess: () => {
      message.success('已删除');
      return done();
    },
    onError: (err) => message.error(err.message),
  });
  const open = () => {
    setAdding(true);
    form.setFieldsValue(BLANK);
  };
  const save = async () => {
    const rule = await form.validateFields();
    const warning = lockoutWarning(rule, rules);
    if (!warning) return add.mutate(rule);
    modal.confirm({
      title: '确认添加这条规则？',
      content: warning,
      okText: '确认添加',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => add.mutate(rule),
    });
  };
  return (
    <Card
      title="访问规则"
      extra={
        <Space>
          {picker}
          <Button type="primary" icon={<PlusOutlined />} onClick={open} disabled={siteId === undefined || rules.length >= ACCESS_RULES_MAX}>
            新增规则
          </Button>
        </Space>
      }
    >
      <Precedence />
      <Table<AccessRule>
        rowKey="id"
        loading={list.isFetching}
        // Newest first: a rule just added is at the top.
        dataSource={[...rules].reverse()}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showTotal: (n) => `共 ${n} 条（最多 ${ACCESS_RULES_MAX} 条）` }}
        locale={{ emptyText: <Empty description="暂无规则，所有访客均可访问" /> }}
        columns={[
          { title: '编号', dataIndex: 'id', width: 80 },
          {
            title: '类型',
            dataIndex: 'kind',
            width: 90,
            filters: ACCESS_RULE_KINDS.map((k) => ({ value: k, text: ACCESS_RULE_KIND_NAMES[k] })),
            onFilter: (value, r) => r.kind === value,
            render: (kind: AccessRule['kind']) => ACCESS_RULE_KIND_NAMES[kind],
          },
          {
            title: '动作',
            dataIndex: 'action',
            width: 90,
            filters: ACCESS_RULE_ACTIONS.map((a) => ({ value: a, text: ACCESS_RULE_ACTION_NAMES[a] })),
            onFilter: (value, r) => r.action === value,
            render: (action: AccessRule['action']) => <Tag color={ACTION_COLORS[action]}>{ACCESS_RULE_ACTION_NAMES[action]}</Tag>,
          },
          { title: '值', dataIndex: 'value', width: 260, render: (value: string) => <Typography.Text code>{value}</Typography.Text> },
          { title: '原因', dataIndex: 'reason', render: (reason: string) => reason || <Typography.Text type="secondary">—</Typography.Text> },
          {
            title: '操作',
            width: 90,
            render: (_, r) => (
              <Popconfirm
                title={`删除规则 #${r.id}？`}
                description={`${ACCESS_RULE_ACTION_NAMES[r.action]} ${r.value}，删除后立即生效`}
                okText="删除"
                okButtonProps={{ danger: true }}
                cancelText="取消"
                onConfirm={() => remove.mutate(r.id)}
              >
                <Button type="link" size="small" danger aria-label={`删除规则 ${r.id}`}>
                  删除
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      <EditModal title="新增访问规则" open={adding} form={form} saving={add.isPending} onClose={() => setAdding(false)} onSave={save}>
        <RuleForm />
      </EditModal>
    </Card>
  );
}
