import { useState } from 'react';
import { Alert, App, Button, Card, Empty, Form, Input, Popconfirm, Radio, Space, Table, Tag, Typography } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import { Errors, QUIZ_MAX_OPTIONS, QuizQuestionInput, type AdminQuizQuestion } from '@bp/contract';
import { ApiError, call } from '../../shared/api.ts';
import { zodRule } from '../../shared/form.ts';
import { useSiteChoice } from '../../shared/site-picker.tsx';
import { EditModal, showRefusal } from '../../shared/edit-modal.tsx';
import { acrossRule } from './content-parts.tsx';

type Question = z.output<typeof AdminQuizQuestion>;
type Input = z.input<typeof QuizQuestionInput>;
const LETTERS = ['A', 'B', 'C', 'D'];
const field = QuizQuestionInput.shape;
const BLANK: Input = { question: '', options: ['', ''], answer: 0, explanation: '' };

/** The contract's verdict on the options as a list (how many; each option is checked on its own field). */
const optionCount = {
  validator: async (_: unknown, value: unknown) => {
    const issue = field.options.safeParse(value).error?.issues.find((i) => i.path.length === 0);
    if (issue) throw new Error(issue.message);
  },
};

/** A question's options, the right one marked, as the member sees them once answered. */
function Options({ q }: { q: Question }) {
  return (
    <Space size={[4, 4]} wrap>
      {q.options.map((o, i) => (
        <Tag key={i} color={i === q.answer ? 'green' : undefined}>
          {LETTERS[i]}. {o}
          {i === q.answer ? '（正确）' : ''}
        </Tag>
      ))}
    </Space>
  );
}

/** The question's form: text, 2 to 4 options, the right one, an explanation; each checked by the contract. */
function QuestionForm() {
  const options = (Form.useWatch('options') as string[] | undefined) ?? [];
  return (
    <>
      <Form.Item label="题目" name="question" rules={[zodRule(field.question)]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} showCount maxLength={200} />
      </Form.Item>
      <Form.Item label={`选项（${2}–${QUIZ_MAX_OPTIONS}个）`} required>
        <Form.List name="options" rules={[optionCount]}>
          {(items, { add, remove }, { errors }) => (
            <>
              {items.map((item, i) => (
                <Space key={item.key} align="baseline" style={{ display: 'flex' }}>
                  <Typography.Text strong style={{ width: 20, display: 'inline-block' }}>
                    {LETTERS[i]}.
                  </Typography.Text>
                  <Form.Item name={item.name} rules={[zodRule(field.options.element)]} style={{ width: 480, marginBottom: 8 }}>
                    <Input aria-label={`选项${LETTERS[i]}`} maxLength={60} />
                  </Form.Item>
                  {items.length > 2 && <MinusCircleOutlined aria-label={`删除选项${LETTERS[i]}`} onClick={() => remove(item.name)} />}
                </Space>
              ))}
              {items.length < QUIZ_MAX_OPTIONS && (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add('')}>
                  添加选项
                </Button>
              )}
              <Form.ErrorList errors={errors} />
            </>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item label="正确答案" name="answer" dependencies={[['options']]} rules={[zodRule(field.answer), acrossRule(QuizQuestionInput, 'answer')]}>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={options.map((o, i) => ({ value: i, label: `${LETTERS[i]}${o ? `. ${o.length > 12 ? `${o.slice(0, 12)}…` : o}` : ''}` }))}
        />
      </Form.Item>
      <Form.Item label="答案解析（会员作答后显示，可留空）" name="explanation" rules={[zodRule(field.explanation)]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} showCount maxLength={300} />
      </Form.Item>
    </>
  );
}

/** A site's quiz question bank (答题题库): the questions members are drawn from each day, added, edited and removed. */
export function QuizBankPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { siteId, picker } = useSiteChoice();
  const [editing, setEditing] = useState<Question | 'new' | null>(null);
  const [form] = Form.useForm<Input>();
  const key = ['quiz-bank', siteId];
  const bank = useQuery({ queryKey: key, queryFn: () => call('/api/admin/promo/quiz/question/list', { siteId: siteId! }), enabled: siteId !== undefined });
  const done = () => queryClient.invalidateQueries({ queryKey: key });
  const save = useMutation({
    mutationFn: (question: Input) =>
      call('/api/admin/promo/quiz/question/save', { siteId: siteId!, ...(editing !== 'new' && editing ? { no: editing.no } : {}), question }),
    onSuccess: (q) => {
      setEditing(null);
      message.success(`第${q.no}题已保存`);
      return done();
    },
    onError: (err) => showRefusal(form, err, 'question.', 'question', { [Errors.QUIZ_BANK_FULL.code]: 'question' }),
  });
  const remove = useMutation({
    mutationFn: (no: number) => call('/api/admin/promo/quiz/question/remove', { siteId: siteId!, no }),
    onSuccess: () => {
      message.success('题目已删除');
      return done();
    },
    onError: (err) => message.error(err.message),
  });
  const open = (q: Question | 'new') => {
    setEditing(q);
    form.setFieldsValue(q === 'new' ? BLANK : { question: q.question, options: q.options, answer: q.answer, explanation: q.explanation });
  };
  const submit = async () => save.mutate(await form.validateFields());
  const data = bank.data;
  const missing = bank.error instanceof ApiError && bank.error.code === Errors.ACTIVITY_NOT_FOUND.code;
  return (
    <Card
      title="答题题库"
      extra={
        <Space>
          {picker}
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} disabled={!data}>
            新增题目
          </Button>
        </Space>
      }
    >
      {missing && <Alert type="warning" showIcon title="该站点没有每日答题活动" style={{ marginBottom: 16 }} />}
      {data && (
        <Typography.Paragraph type="secondary">
          活动「{data.title}」：每位会员每日（北京时间）从题库随机抽取 {data.perDay} 题，题库现有 {data.list.length}{' '}
          题。修改或删除题目只影响之后的抽题，会员当日已抽到的题目保持不变。每日题数与奖金在<Link to="/promo/activities">活动管理</Link>的活动规则中设置。
        </Typography.Paragraph>
      )}
      <Table<Question>
        rowKey="no"
        size="middle"
        loading={bank.isFetching}
        dataSource={data?.list}
        pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty description="题库暂无题目" /> }}
        columns={[
          { title: '题号', dataIndex: 'no', width: 70 },
          {
            title: '题目与选项',
            render: (_, q) => (
              <Space direction="vertical" size={4}>
                <Typography.Text>{q.question}</Typography.Text>
                <Options q={q} />
              </Space>
            ),
          },
          {
            title: '解析',
            dataIndex: 'explanation',
            width: 320,
            render: (text: string) =>
              text ? (
                <Typography.Paragraph ellipsis={{ rows: 2, tooltip: text }} style={{ margin: 0 }}>
                  {text}
                </Typography.Paragraph>
              ) : (
                <Typography.Text type="secondary">无</Typography.Text>
              ),
          },
          {
            title: '操作',
            width: 130,
            render: (_, q) => (
              <Space>
                <Button type="link" size="small" aria-label={`编辑第${q.no}题`} onClick={() => open(q)}>
                  编辑
                </Button>
                <Popconfirm
                  title={`删除第${q.no}题？`}
                  description="会员当日已抽到的不受影响"
                  okText="删除"
                  cancelText="取消"
                  onConfirm={() => remove.mutate(q.no)}
                >
                  <Button type="link" size="small" danger aria-label={`删除第${q.no}题`}>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <EditModal
        title={editing === 'new' ? '新增题目' : editing ? `编辑第${editing.no}题` : ''}
        open={editing !== null}
        form={form}
        saving={save.isPending}
        onClose={() => setEditing(null)}
        onSave={submit}
      >
        <QuestionForm />
      </EditModal>
    </Card>
  );
}
