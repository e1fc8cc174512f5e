import { useEffect, useState } from 'react';
import { App, Button, Card, Input, Space, Switch, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SITE_SETTINGS, settingProblem, type SiteSettingKey } from '@bp/contract';
import { call } from '../../shared/api.ts';
import { useSiteChoice } from '../../shared/site-picker.tsx';

interface Row {
  keyCode: SiteSettingKey;
  value: string | null;
}

/** One key's editor: a switch saves at once; a number or text is saved with its button, checked by the contract's rule first. */
function SettingEditor({ row, save }: { row: Row; save: (value: string | null) => void }) {
  const setting = SITE_SETTINGS[row.keyCode];
  const [draft, setDraft] = useState(row.value ?? '');
  useEffect(() => setDraft(row.value ?? ''), [row.value]);
  if (setting.kind === 'switch') {
    const on = (row.value ?? ('unset' in setting ? setting.unset : '0')) === '1';
    return <Switch aria-label={setting.label} checked={on} onChange={(next) => save(next ? '1' : '0')} />;
  }
  const problem = draft === (row.value ?? '') ? null : settingProblem(row.keyCode, draft);
  const Field = row.keyCode === 'live_chat_blocked_words' || row.keyCode === 'cs_notice' ? Input.TextArea : Input;
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Field
        aria-label={setting.label}
        value={draft}
        placeholder={row.value === null ? '未设置，使用系统默认值' : undefined}
        status={problem ? 'error' : undefined}
        onChange={(e) => setDraft(e.target.value)}
        {...(Field === Input.TextArea ? { autoSize: { minRows: 2, maxRows: 5 } } : {})}
      />
      <Button type="primary" disabled={draft === (row.value ?? '') || problem !== null} onClick={() => save(draft)}>
        保存
      </Button>
    </Space.Compact>
  );
}

/** The site's configuration keys an operator may change, grouped, each checked by its rule. */
export function ConfigPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { siteId, picker } = useSiteChoice();
  const key = ['site-config', siteId];
  const list = useQuery({ queryKey: key, queryFn: () => call('/api/admin/site/config/list', { siteId: siteId! }), enabled: siteId !== undefined });
  const set = useMutation({
    mutationFn: (entry: Row) => call('/api/admin/site/config/set', { siteId: siteId!, ...entry }),
    onSuccess: (entry) => {
      message.success(`${SITE_SETTINGS[entry.keyCode as SiteSettingKey].label}已保存`);
      return queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (err) => message.error(err.message),
  });
  return (
    <Card title="站点配置" extra={picker}>
      <Table<Row>
        rowKey="keyCode"
        loading={list.isFetching}
        dataSource={list.data?.list}
        pagination={false}
        columns={[
          { title: '分组', width: 80, render: (_, r) => <Tag>{SITE_SETTINGS[r.keyCode].group}</Tag> },
          {
            title: '配置项',
            width: 320,
            render: (_, r) => (
              <div>
                <div>{SITE_SETTINGS[r.keyCode].label}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {r.keyCode}
                  {'hint' in SITE_SETTINGS[r.keyCode] ? ` · ${(SITE_SETTINGS[r.keyCode] as { hint: string }).hint}` : ''}
                </Typography.Text>
              </div>
            ),
          },
          { title: '值', render: (_, r) => <SettingEditor row={r} save={(value) => set.mutate({ keyCode: r.keyCode, value })} /> },
          {
            title: '',
            width: 110,
            render: (_, r) =>
              r.value === null ? (
                <Typography.Text type="secondary">使用默认值</Typography.Text>
              ) : (
                <Button type="link" size="small" onClick={() => set.mutate({ keyCode: r.keyCode, value: null })}>
                  恢复默认
                </Button>
              ),
          },
        ]}
      />
    </Card>
  );
}
