import { App, Button, Card, Form, Input, InputNumber, Radio, Select } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { MEMBER_TAG_LABELS, MessageSendBody } from '@bp/contract';
import { call } from '../../shared/api.ts';
import { zodRule } from '../../shared/form.ts';
import { useSiteChoice } from '../../shared/site-picker.tsx';

interface Fields {
  to: 'site' | 'tag' | 'member';
  memberId?: number;
  tag?: 'activity_blacklist' | 'no_level_bonus';
  title: string;
  content: string;
}

/** Messages to members' inboxes: one member, the members holding a tag, or every member of the site. */
export function MessagesPage() {
  const { message } = App.useApp();
  const { siteId, picker } = useSiteChoice();
  const [form] = Form.useForm<Fields>();
  const to = Form.useWatch('to', form);
  const send = useMutation({
    mutationFn: ({ to: target, memberId, tag, title, content }: Fields) =>
      call('/api/admin/message/send', { siteId: siteId!, title, content, ...(target === 'member' ? { memberId } : target === 'tag' ? { tag } : {}) }),
    onSuccess: ({ sent }) => {
      message.success(sent > 0 ? `站内信已发送给 ${sent} 位会员` : '站内信已发送');
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
              { value: 'tag', label: '持有标签的会员' },
              { value: 'member', label: '指定会员' },
            ]}
          />
        </Form.Item>
        {to === 'tag' && (
          <Form.Item label="会员标签" name="tag" rules={[{ required: true, message: '请选择会员标签' }]}>
            <Select style={{ width: 200 }} options={Object.entries(MEMBER_TAG_LABELS).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
        )}
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
