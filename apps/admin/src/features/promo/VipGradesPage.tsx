import { useState } from 'react';
import { App, Button, Card, Col, Form, Input, InputNumber, Modal, Row, Table, type FormInstance } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Errors, REBATE_MAX_PERCENT, VIP_CATEGORIES, VipGradeInput, type AdminVipGrade } from '@bp/contract';
import { ApiError, call } from '../../shared/api.ts';
import { zodRule } from '../../shared/form.ts';
import { money } from '../../shared/format.ts';
import { useSites } from '../../shared/me.ts';
import { useSiteChoice } from '../../shared/site-picker.tsx';

type Grade = z.output<typeof AdminVipGrade>;
type Input = z.input<typeof VipGradeInput>;
const CATEGORY_LABELS: Record<(typeof VIP_CATEGORIES)[number], string> = { sports: '体育', egame: '电子', live: '真人', chess: '棋牌' };
/** The grade's money fields, with their names on screen. */
const SUMS = [
  ['deposit', '累计存款门槛'],
  ['turnover', '有效投注门槛'],
  ['upgradeBonus', '晋级礼金'],
  ['weeklyBonus', '周礼金'],
  ['monthlyBonus', '月礼金'],
  ['birthdayBonus', '生日礼金'],
  ['keepTurnover', '保级流水（月）'],
  ['withdrawMax', '单笔提款上限'],
] as const;
const field = VipGradeInput.shape;

/** The server's refusal on the fields it concerns: the thresholds when out of order, the field a check names, else the name's. */
function gradeRefusal(err: Error): Parameters<FormInstance<Input>['setFields']>[0] {
  const named = err instanceof ApiError ? (err.data as { field?: string | null } | null)?.field : null;
  if (named?.startsWith('grade.'))
    return [{ name: named.slice('grade.'.length).split('.') as never, errors: [err.message.slice(err.message.indexOf(':') + 1).trim()] }];
  if (err instanceof ApiError && err.code === Errors.VIP_GRADE_ORDER.code) {
    return [
      { name: ['deposit'], errors: [err.message] },
      { name: ['turnover'], errors: [err.message] },
    ];
  }
  return [{ name: ['grade'], errors: [err.message] }];
}

/** A site's VIP grade table: thresholds, bonuses, withdrawal limit and rebates per level, each checked by the contract. */
export function VipGradesPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { siteId, picker } = useSiteChoice();
  const currency = useSites().sites.find((s) => s.siteId === siteId)?.currency;
  const [editing, setEditing] = useState<Input | null>(null);
  const [form] = Form.useForm<Input>();
  const key = ['vip-grades', siteId];
  const list = useQuery({ queryKey: key, queryFn: () => call('/api/admin/vip/grade/list', { siteId: siteId! }), enabled: siteId !== undefined });
  const grades = list.data?.list ?? [];
  const save = useMutation({
    mutationFn: (grade: Input) => call('/api/admin/vip/grade/save', { siteId: siteId!, grade }),
    onSuccess: (g) => {
      setEditing(null);
      message.success(`VIP${g.vipLevel} 已保存`);
      return queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (err) => form.setFields(gradeRefusal(err)),
  });
  const open = (grade: Input) => {
    setEditing(grade);
    form.setFieldsValue(grade);
  };
  const addNext = () => {
    const top = grades.at(-1);
    if (top) open({ ...top, vipLevel: top.vipLevel + 1, grade: `VIP${top.vipLevel + 1}` });
  };
  const submit = async () => save.mutate({ ...(await form.validateFields()), vipLevel: editing!.vipLevel });
  const amount = (v: number) => money(v, currency);
  return (
    <Card
      title="VIP等级配置"
      extra={
        <>
          {picker}
          <Button style={{ marginLeft: 8 }} icon={<PlusOutlined />} onClick={addNext} disabled={grades.length === 0}>
            新增等级
          </Button>
        </>
      }
    >
      <Table<Grade>
        rowKey="vipLevel"
        size="small"
        loading={list.isFetching}
        dataSource={grades}
        pagination={false}
        scroll={{ x: 1200 }}
        columns={[
          { title: '等级', dataIndex: 'vipLevel', width: 70, fixed: 'left', render: (l: number) => `VIP${l}` },
          { title: '名称', dataIndex: 'grade', width: 90 },
          ...SUMS.map(([key, label]) => ({ title: label, dataIndex: key, width: 120, render: amount })),
          { title: '礼金流水倍数', dataIndex: 'bonusMultiple', width: 100, render: (m: number) => `${m}倍` },
          {
            title: '返水（体/电/真/棋）',
            width: 170,
            render: (_, g) => VIP_CATEGORIES.map((c) => `${g.rebate[c]}%`).join(' / '),
          },
          {
            title: '操作',
            width: 70,
            fixed: 'right',
            render: (_, g) => (
              <Button type="link" size="small" onClick={() => open(g)}>
                编辑
              </Button>
            ),
          },
        ]}
      />
      <Modal
        title={editing ? `编辑 VIP${editing.vipLevel}` : ''}
        open={editing !== null}
        okText="保存"
        cancelText="取消"
        width={720}
        confirmLoading={save.isPending}
        onCancel={() => setEditing(null)}
        onOk={submit}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Row gutter={16}>
            <Col span={8}>
              <Form.Item label="等级名称" name="grade" rules={[zodRule(field.grade)]}>
                <Input />
              </Form.Item>
            </Col>
            {SUMS.map(([key, label]) => (
              <Col span={8} key={key}>
                <Form.Item label={`${label}（${currency ?? ''}）`} name={key} rules={[zodRule(field[key])]}>
                  <InputNumber style={{ width: '100%' }} min={0} />
                </Form.Item>
              </Col>
            ))}
            <Col span={8}>
              <Form.Item label="礼金流水倍数" name="bonusMultiple" rules={[zodRule(field.bonusMultiple)]}>
                <InputNumber style={{ width: '100%' }} min={0} addonAfter="倍" />
              </Form.Item>
            </Col>
            {VIP_CATEGORIES.map((c) => (
              <Col span={6} key={c}>
                <Form.Item label={`${CATEGORY_LABELS[c]}返水`} name={['rebate', c]} rules={[zodRule(field.rebate.shape[c])]}>
                  <InputNumber style={{ width: '100%' }} min={0} max={REBATE_MAX_PERCENT} addonAfter="%" />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </Form>
      </Modal>
    </Card>
  );
}
