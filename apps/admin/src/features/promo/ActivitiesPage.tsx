import { useState } from 'react';
import { App, Button, Card, Switch, Table, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminActivity } from '@bp/contract';
import { call } from '../../shared/api.ts';
import { dateTime, money } from '../../shared/format.ts';
import { useSites } from '../../shared/me.ts';
import { useSiteChoice } from '../../shared/site-picker.tsx';
import { KIND_EDITORS } from './rules/kind-forms.tsx';
import { RulesDrawer } from './rules/RulesDrawer.tsx';

type Activity = z.output<typeof AdminActivity>;
const STATUS: Record<Activity['status'], [string, string]> = { open: ['进行中', 'green'], upcoming: ['未开始', 'blue'], ended: ['已结束', 'default'] };

/** A site's activities: their window, state and budget, each switched on or off and its rules edited. */
export function ActivitiesPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { siteId, picker } = useSiteChoice();
  const { sites } = useSites();
  const currency = sites.find((s) => s.siteId === siteId)?.currency;
  const [editing, setEditing] = useState<number | null>(null);
  const key = ['activities', siteId];
  const list = useQuery({ queryKey: key, queryFn: () => call('/api/admin/promo/activity/list', { siteId: siteId! }), enabled: siteId !== undefined });
  const toggle = useMutation({
    mutationFn: (a: { activityId: number; enabled: boolean }) => call('/api/admin/promo/activity/switch', { siteId: siteId!, ...a }),
    onSuccess: (a) => {
      message.success(a.enabled ? '活动已开启' : '活动已关闭');
      return queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (err) => message.error(err.message),
  });
  return (
    <Card title="活动管理" extra={picker}>
      <Table<Activity>
        rowKey="activityId"
        loading={list.isFetching}
        dataSource={list.data?.list}
        pagination={false}
        columns={[
          { title: '活动', dataIndex: 'title' },
          { title: '类型', dataIndex: 'kind', width: 110, render: (k: Activity['kind']) => KIND_EDITORS[k].label },
          { title: '开始', dataIndex: 'startAt', width: 170, render: dateTime },
          { title: '结束', dataIndex: 'endAt', width: 170, render: dateTime },
          {
            title: '状态',
            width: 100,
            render: (_, a) => (a.enabled ? <Tag color={STATUS[a.status][1]}>{STATUS[a.status][0]}</Tag> : <Tag color="red">已关闭</Tag>),
          },
          {
            title: '预算 / 已发放',
            width: 200,
            render: (_, a) => `${a.budget === null ? '不限' : money(a.budget, currency)} / ${money(a.spent, currency)}`,
          },
          {
            title: '开关',
            width: 80,
            render: (_, a) => (
              <Switch aria-label={`开关 ${a.title}`} checked={a.enabled} onChange={(enabled) => toggle.mutate({ activityId: a.activityId, enabled })} />
            ),
          },
          {
            title: '规则',
            width: 90,
            render: (_, a) => (
              <Button type="link" size="small" aria-label={`编辑规则 ${a.title}`} onClick={() => setEditing(a.activityId)}>
                编辑规则
              </Button>
            ),
          },
        ]}
      />
      {siteId !== undefined && <RulesDrawer siteId={siteId} activityId={editing} currency={currency ?? ''} onClose={() => setEditing(null)} />}
    </Card>
  );
}
