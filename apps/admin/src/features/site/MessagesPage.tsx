import { App, Button, Card, Form, Input, InputNumber, Radio } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { MessageSendBody } from '@bp/contract';
import { call } from '../../shared/api.ts';
import { zodRule } from '../../shared/form.ts';
import { useSiteChoice } from '../../shared/site-picker.tsx';

interface Fields {
  to: 'site' | 'member';
  memberId?: number;
  title: string;
  content: string;
}

/** Messages to members' inboxes: one member, or every member of the site. */
export function MessagesPage() {
  const { message } = App.useApp();
  const { siteId, picker } = useSiteChoice();
  const [form] = Form.useForm<Fields>();
  const to = Form.useWatch('to', form);
  const send = useMutation({
    mutationFn: ({ to: target, memberId, title, content }: Fields) =>
      call('/api/admin/message/send', { siteId: siteId!, title, content, ...(target === 'member' ? { memberId } : {}) }),
    onSuccess: () => {
      message.success('站内信已发送');
      form.resetFields(['title', 'content']);
    },
    onError: (err) => message.error(err.message),
  });
  return (
    <Card title="站内信" extra={picker}>
      <Form form={form} layout="vertical" style={{ maxWidth: 640 }} initialValues={{ to: 'site' }} onFinish={(f) => send.mutate(f)}>
        <Form.Item label="发送对象" name="to">
          <Radio.Group
            options={[
              { value: 'site', label: '本站全部会员' },
              { value: 'member', label: '指定会员' },
            ]}
          />
        </Form.Item>
        {to === 'member' && (
          <Form.Item label="会员ID" name="memberId" rules={[{ required: true, message: '请填写会员ID' }]}>
            <InputNumber min={1} precision={0} style={{ width: 200 }} />
          </Form.Item>
        )}
        <Form.Item label="标题" name="title" rules={[{ required: true, message: '请填写标题' }, zodRule(MessageSendBody.shape.title)]}>
          <Input />
        </Form.Item>
        <Form.Item label="内容" name="content" rules={[{ required: true, message: '请填写内容' }, zodRule(MessageSendBody.shape.content)]}>
          <Input.TextArea rows={6} showCount maxLength={4000} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={send.isPending} disabled={siteId === undefined}>
          发送
        </Button>
      </Form>
    </Card>
  );
}
