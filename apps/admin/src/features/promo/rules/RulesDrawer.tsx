import { useEffect, useState } from 'react';
import { Alert, App, Button, Col, DatePicker, Divider, Drawer, Form, Input, InputNumber, Row, Select, Space, Typography } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PRIZE_KINDS, type ActivityKind } from '@bp/contract';
import { call } from '../../../shared/api.ts';
import { money } from '../../../shared/format.ts';
import { checkRules, serverRefusal, toForm, type Refusal, type RulesForm } from './form-values.ts';
import { KIND_EDITORS } from './kind-forms.tsx';
import { CountField, Fields, PickField, choices } from './fields.tsx';

const PRIZE_LABELS: Record<(typeof PRIZE_KINDS)[number], string> = { money: '彩金', points: '积分', gold: '金币', none: '谢谢参与' };
const TAGS = { activity_blacklist: '活动黑名单', no_level_bonus: '无等级礼金' };

/** A drawn activity's prizes: kind, name, amount, weight and stock (empty: no limit), with what each has been won. */
function PrizesField({ currency, won }: { currency: string; won: Map<number, number> }) {
  const form = Form.useFormInstance<RulesForm>();
  return (
    <Form.List name="prizes">
      {(items, { add, remove }) => (
        <>
          {items.map((item) => {
            const prizeNo = form.getFieldValue(['prizes', item.name, 'prizeNo']) as number | undefined;
            return (
              <Row key={item.key} gutter={8}>
                <Form.Item name={[item.name, 'prizeNo']} hidden>
                  <InputNumber />
                </Form.Item>
                <Col span={3}>
                  <Form.Item name={[item.name, 'kind']}>
                    <Select aria-label="奖品类型" options={choices(PRIZE_LABELS)} />
                  </Form.Item>
                </Col>
                <Col span={5}>
                  <Form.Item name={[item.name, 'name']}>
                    <Input aria-label="奖品名称" placeholder="奖品名称" />
                  </Form.Item>
                </Col>
                <Col span={5}>
                  <Form.Item name={[item.name, 'amountMinor']}>
                    <InputNumber aria-label="奖品金额" prefix="金额" suffix={currency} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col span={4}>
                  <Form.Item name={[item.name, 'weight']}>
                    <InputNumber aria-label="权重" prefix="权重" precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col span={6}>
                  <Form.Item name={[item.name, 'stock']} extra={`已抽中 ${won.get(prizeNo ?? 0) ?? 0}`}>
                    <InputNumber aria-label="库存" prefix="库存" placeholder="不限" precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col span={1}>
                  <MinusCircleOutlined aria-label="删除奖品" style={{ marginTop: 8 }} onClick={() => remove(item.name)} />
                </Col>
              </Row>
            );
          })}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => {
              const taken = ((form.getFieldValue('prizes') as Array<{ prizeNo: number }> | undefined) ?? []).map((p) => p.prizeNo);
              add({ prizeNo: Math.max(0, ...taken, ...won.keys()) + 1, kind: 'money', name: '', amountMinor: null, weight: 1, stock: null });
            }}
          >
            添加奖品
          </Button>
        </>
      )}
    </Form.List>
  );
}

/**
 * An activity's rules editor: name, window, budget, who may take part, the kind's own rules (its
 * entry of KIND_EDITORS) and a drawn kind's prizes. Checked by the contract's schema before it is
 * sent; what the server refuses lands on the field it names, or above the form.
 */
export function RulesDrawer({ siteId, activityId, currency, onClose }: { siteId: number; activityId: number | null; currency: string; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RulesForm>();
  const [general, setGeneral] = useState<string[]>([]);
  const rules = useQuery({
    queryKey: ['activity-rules', siteId, activityId],
    queryFn: () => call('/api/admin/promo/activity/rules', { siteId, activityId: activityId! }),
    enabled: activityId !== null,
  });
  const data = rules.data;
  useEffect(() => {
    if (data) form.setFieldsValue(toForm(data.rules));
    setGeneral([]);
  }, [data, form]);

  const show = (r: Refusal) => {
    form.setFields(r.fields);
    setGeneral(r.general);
  };
  const save = useMutation({
    mutationFn: (body: Parameters<typeof call<'/api/admin/promo/activity/rules/save'>>[1]['rules']) =>
      call('/api/admin/promo/activity/rules/save', { siteId, activityId: activityId!, rules: body }),
    onSuccess: async () => {
      message.success('活动规则已保存');
      onClose();
      await queryClient.invalidateQueries({ queryKey: ['activities'] });
      await queryClient.invalidateQueries({ queryKey: ['activity-rules'] });
    },
    onError: (err) => show(serverRefusal(err, form.getFieldsValue(true))),
  });
  const submit = () => {
    if (!data) return;
    const values = form.getFieldsValue(true) as RulesForm;
    form.setFields(form.getFieldsError().map((f) => ({ name: f.name, errors: [] })));
    const checked = checkRules(data.rules.kind, values);
    if (checked.refusal) return show(checked.refusal);
    setGeneral([]);
    save.mutate(checked.body);
  };

  const kind: ActivityKind | undefined = data?.rules.kind;
  const KindForm = kind ? KIND_EDITORS[kind].form : null;
  return (
    <Drawer
      title={data ? `活动规则：${data.rules.title}（${KIND_EDITORS[data.rules.kind].label}）` : '活动规则'}
      open={activityId !== null}
      onClose={onClose}
      width={960}
      destroyOnHidden
      loading={rules.isFetching}
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={save.isPending} onClick={submit}>
            保存
          </Button>
        </Space>
      }
    >
      {data && KindForm && (
        <Form form={form} layout="vertical" onFinish={submit}>
          {general.length > 0 && <Alert type="error" showIcon title={general.join('；')} style={{ marginBottom: 16 }} />}
          <Fields>
            {[
              <Form.Item key="title" label="活动名称" name="title">
                <Input />
              </Form.Item>,
              <Form.Item key="window" label="活动时间" name="window">
                <DatePicker.RangePicker showTime style={{ width: '100%' }} />
              </Form.Item>,
              <Form.Item key="budget" label="活动总预算" name="budget" extra={`已发放 ${money(data.spent, currency)}；留空则不限`}>
                <InputNumber style={{ width: '100%' }} suffix={currency} placeholder="不限" />
              </Form.Item>,
            ]}
          </Fields>
          <Divider titlePlacement="start">参与条件</Divider>
          <Fields>
            {[
              <CountField key="vip" name={['eligibility', 'minVipLevel']} label="最低VIP等级" />,
              <PickField key="tags" name={['eligibility', 'excludedTags']} label="排除标签（活动黑名单始终排除）" options={choices(TAGS)} multiple />,
            ]}
          </Fields>
          <Divider titlePlacement="start">活动规则</Divider>
          <KindForm currency={currency} />
          {data.rules.prizes && (
            <>
              <Divider titlePlacement="start">奖品（按权重抽取，库存留空则不限）</Divider>
              <PrizesField currency={currency} won={new Map(data.won.map((w) => [w.prizeNo, w.won]))} />
            </>
          )}
          <Typography.Paragraph type="secondary">保存后会员下次打开活动即按新规则显示与发放；修改记入操作日志。</Typography.Paragraph>
        </Form>
      )}
    </Drawer>
  );
}
