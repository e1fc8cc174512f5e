import { useEffect } from 'react';
import { Alert, App, Button, Divider, Drawer, Empty, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { z } from 'zod';
import { AdminExpertPickAddBody, Errors, type AdminExpert, type ExpertPick } from '@bp/contract';
import { call } from '../../shared/api.ts';
import { zodRule } from '../../shared/form.ts';
import { showRefusal } from '../../shared/edit-modal.tsx';
import { Badge } from './content-parts.tsx';

type Expert = z.output<typeof AdminExpert>;
type Pick = z.output<typeof ExpertPick>;
interface PickForm {
  matchId?: number;
  selectionId?: number;
  analysis: string;
}
const STATUS: Record<Pick['status'], [string, string]> = {
  open: ['待开赛', 'blue'],
  won: ['赢', 'green'],
  half_won: ['赢半', 'green'],
  lost: ['输', 'red'],
  half_lost: ['输半', 'red'],
  void: ['走盘', 'default'],
};
const when = (ms: number) => dayjs(ms).format('MM-DD HH:mm');
const field = AdminExpertPickAddBody.shape;

/** An expert's picks, coming and settled, as the member page lists them. */
function PicksTable({ picks, empty }: { picks: Pick[]; empty: string }) {
  return (
    <Table<Pick>
      rowKey="pickId"
      size="small"
      dataSource={picks}
      pagination={false}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
      columns={[
        {
          title: '赛事',
          width: 250,
          render: (_, p) => (
            <Space direction="vertical" size={0}>
              <Typography.Text>
                {p.match.homeName} vs {p.match.visitName}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {p.match.leagueName} · {when(p.match.startAt)}
              </Typography.Text>
            </Space>
          ),
        },
        { title: '推荐', width: 200, render: (_, p) => `${p.marketName}：${p.selectionName} @${p.odds.toFixed(2)}` },
        {
          title: '分析',
          dataIndex: 'analysis',
          render: (a: string) => (
            <Typography.Paragraph ellipsis={{ rows: 2, tooltip: a }} style={{ margin: 0 }}>
              {a}
            </Typography.Paragraph>
          ),
        },
        { title: '结果', dataIndex: 'status', width: 80, render: (s: Pick['status']) => <Tag color={STATUS[s][1]}>{STATUS[s][0]}</Tag> },
      ]}
    />
  );
}

/**
 * An expert's picks and a new one: a selection of the book open for bets now (a match's main
 * lines), with the analysis members read. What the server refuses (closed meanwhile, a second pick
 * of the match) shows on the field it concerns.
 */
export function ExpertPicksDrawer({ siteId, expert, onClose }: { siteId: number; expert: Expert | null; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PickForm>();
  const expertId = expert?.expertId;
  const picks = useQuery({
    queryKey: ['expert-picks', siteId, expertId],
    queryFn: () => call('/api/admin/promo/expert/picks', { siteId, expertId: expertId! }),
    enabled: expertId !== undefined,
  });
  const pickable = useQuery({
    queryKey: ['expert-pickable', siteId],
    queryFn: () => call('/api/admin/promo/expert/pickable', { siteId }),
    enabled: expertId !== undefined && expert?.enabled === true,
  });
  useEffect(() => form.resetFields(), [expertId, form]);
  const add = useMutation({
    mutationFn: (p: { selectionId: number; analysis: string }) => call('/api/admin/promo/expert/pick/add', { siteId, expertId: expertId!, ...p }),
    onSuccess: async (p) => {
      message.success(`已添加推荐：${p.match.homeName} vs ${p.match.visitName}`);
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: ['expert-picks'] });
      await queryClient.invalidateQueries({ queryKey: ['experts'] });
    },
    onError: (err) =>
      showRefusal(form, err, '', 'selectionId', {
        [Errors.EXPERT_PICK_MADE.code]: 'matchId',
        [Errors.EXPERT_PICK_CLOSED.code]: 'selectionId',
      }),
  });
  const matchId = Form.useWatch('matchId', form);
  const picked = new Set((picks.data?.open ?? []).map((p) => p.match.matchId));
  const matches = pickable.data?.list ?? [];
  const match = matches.find((m) => m.matchId === matchId);
  const submit = async () => {
    const { selectionId, analysis } = await form.validateFields();
    add.mutate({ selectionId: selectionId!, analysis });
  };
  return (
    <Drawer
      title={expert ? `推荐管理：${expert.name}` : '推荐管理'}
      open={expert !== null}
      onClose={onClose}
      width={1000}
      destroyOnHidden
      loading={picks.isLoading}
    >
      {expert && (
        <>
          <Space align="center" size={12} style={{ marginBottom: 16 }}>
            <Badge text={expert.badge.text} color={expert.badge.color} size={44} />
            <Space direction="vertical" size={0}>
              <Typography.Text strong>
                {expert.name} · {expert.title}
              </Typography.Text>
              <Typography.Text type="secondary">
                {expert.record.hitRate === null ? '暂无命中率' : `命中率 ${expert.record.hitRate}%`} · {expert.record.won}中{expert.record.lost}失 · 共推荐{' '}
                {expert.record.picks} 场
              </Typography.Text>
            </Space>
          </Space>
          <Divider titlePlacement="start">添加推荐</Divider>
          {expert.enabled ? (
            <Form form={form} layout="vertical" onFinish={submit} initialValues={{ analysis: '' }}>
              <Form.Item label="赛事（即将开赛）" name="matchId" rules={[{ required: true, message: '请选择赛事' }]}>
                <Select
                  aria-label="赛事"
                  showSearch
                  optionFilterProp="label"
                  loading={pickable.isFetching}
                  placeholder="输入球队或联赛名称搜索"
                  notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无可推荐的赛事" />}
                  onChange={() => form.setFieldValue('selectionId', undefined)}
                  options={matches.map((m) => ({
                    value: m.matchId,
                    label: `${when(m.startAt)}  ${m.leagueName}  ${m.homeName} vs ${m.visitName}${picked.has(m.matchId) ? '（已推荐）' : ''}`,
                    disabled: picked.has(m.matchId),
                  }))}
                />
              </Form.Item>
              <Form.Item label="推荐选项（当前赔率）" name="selectionId" rules={[zodRule(field.selectionId)]}>
                <Select
                  aria-label="推荐选项"
                  disabled={!match}
                  placeholder={match ? '选择一个选项' : '请先选择赛事'}
                  options={(match?.markets ?? []).map((mk) => ({
                    label: mk.name,
                    title: mk.name,
                    options: mk.selections.map((s) => ({ value: s.selectionId, label: `${mk.name}：${s.name} @${s.odds.toFixed(2)}` })),
                  }))}
                />
              </Form.Item>
              <Form.Item label="推荐分析（会员可见）" name="analysis" rules={[zodRule(field.analysis)]}>
                <Input.TextArea aria-label="推荐分析" autoSize={{ minRows: 2, maxRows: 5 }} maxLength={300} showCount />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={add.isPending}>
                提交推荐
              </Button>
            </Form>
          ) : (
            <Alert type="info" showIcon title="该专家已停用，启用后才能添加推荐" />
          )}
          <Divider titlePlacement="start">待开赛推荐</Divider>
          <PicksTable picks={picks.data?.open ?? []} empty="暂无待开赛推荐" />
          <Divider titlePlacement="start">已结算推荐（最近50条）</Divider>
          <PicksTable picks={picks.data?.settled ?? []} empty="暂无已结算推荐" />
        </>
      )}
    </Drawer>
  );
}
