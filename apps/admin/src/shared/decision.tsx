import { useState } from 'react';
import { Button, Form, Input, Modal, Popconfirm, Space } from 'antd';
import type { Rule } from 'antd/es/form';

/** What a review row's decision says: the word for no (拒绝, 驳回), the dialog's words, the reason's rule. */
export interface DecisionWords {
  /** The approval's confirmation, e.g. the amount about to move. */
  confirm: string;
  rejectWord: string;
  rejectTitle: string;
  reasonLabel: string;
  reasonRule: Rule;
  placeholder?: string;
}

/**
 * 通过 (after a confirmation) and a rejection with its reason in a dialog: the withdrawal and
 * deposit queues' and the manual adjustments' decision, one component. `approve` and `reject` are
 * the screens' calls; the dialog closes once the rejection went through.
 */
export function ApproveOrReject({
  words,
  approve,
  approving,
  reject,
  rejecting,
}: {
  words: DecisionWords;
  approve: () => Promise<unknown>;
  approving: boolean;
  reject: (reason: string) => Promise<unknown>;
  rejecting: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Space>
      <Popconfirm title={words.confirm} okText="确认通过" cancelText="取消" onConfirm={approve}>
        <Button type="primary" size="small" loading={approving}>
          通过
        </Button>
      </Popconfirm>
      <Button danger size="small" onClick={() => setAsking(true)}>
        {words.rejectWord}
      </Button>
      <Modal
        title={words.rejectTitle}
        open={asking}
        okText={`确认${words.rejectWord}`}
        okButtonProps={{ danger: true, loading: rejecting }}
        onCancel={() => setAsking(false)}
        onOk={() =>
          form
            .validateFields()
            .then(({ reason }) => reject(reason))
            .then(() => setAsking(false))
        }
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item label={words.reasonLabel} name="reason" rules={[words.reasonRule]}>
            <Input.TextArea rows={3} maxLength={200} showCount placeholder={words.placeholder} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
