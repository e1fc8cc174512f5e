import { useEffect } from 'react';
import { Alert, App, Button, Card, Descriptions, Form, Input, Radio } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api.ts';
import { useSiteChoice } from '../../shared/site-picker.tsx';
import { WindowField, windowFromForm, windowText, windowToForm, type WindowValue } from './window-field.tsx';

interface Fields {
  status: 0 | 1;
  window: WindowValue;
  message: string;
}

/** A site's maintenance window: members see the maintenance page while it holds; customer service stays reachable. */
export function MaintenancePage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { siteId, picker } = useSiteChoice();
  const [form] = Form.useForm<Fields>();
  const key = ['site-maintenance', siteId];
  const current = useQuery({ queryKey: key, queryFn: () => call('/api/admin/site/maintenance/get', { siteId: siteId! }), enabled: siteId !== undefined });
  const setting = current.data?.setting;
  useEffect(() => {
    if (setting) form.setFieldsValue({ status: setting.status === 0 ? 0 : 1, window: windowToForm(setting.startAt, setting.endAt), message: setting.message });
  }, [setting, form]);
  const save = useMutation({
    mutationFn: ({ status, window, message: text }: Fields) => {
      const [startAt, endAt] = windowFromForm(window);
      return call('/api/admin/site/maintenance/set', { siteId: siteId!, setting: { status, startAt, endAt, message: text ?? '' } });
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(key, answer);
      message.success('已保存');
    },
    onError: (err) => message.error(err.message),
  });
  const now = current.data?.now;
  return (
    <Card title="站点维护" extra={picker}>
      {now && (
        <Alert
          style={{ marginBottom: 16 }}
          type={now.status === 0 ? 'error' : now.startAt ? 'warning' : 'success'}
          showIcon
          message={now.status === 0 ? '维护中：会员当前无法使用站点' : now.startAt ? `已预约维护：${windowText(now.startAt, now.endAt)}` : '站点正常开放'}
        />
      )}
      <Form form={form} layout="vertical" style={{ maxWidth: 560 }} onFinish={(f) => save.mutate(f)}>
        <Form.Item label="状态" name="status">
          <Radio.Group
            options={[
              { value: 1, label: '开放' },
              { value: 0, label: '维护' },
            ]}
          />
        </Form.Item>
        <WindowField label="维护时间" />
        <Form.Item label="维护公告" name="message" rules={[{ max: 500, message: '最多500字' }]}>
          <Input.TextArea rows={3} placeholder="会员在维护页看到的说明" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存
        </Button>
      </Form>
      {setting && (
        <Descriptions style={{ marginTop: 24 }} size="small" column={1} title="当前设置">
          <Descriptions.Item label="状态">{setting.status === 0 ? '维护' : '开放'}</Descriptions.Item>
          <Descriptions.Item label="时间">{windowText(setting.startAt, setting.endAt)}</Descriptions.Item>
          <Descriptions.Item label="公告">{setting.message || '—'}</Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
