import { useEffect } from 'react';
import { Alert, App, Button, Card, Form, Radio, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FESTIVAL_SKIN_NAMES, FESTIVAL_SKINS, THEME_LOOKS, THEME_SERIES, type SiteAppearance, type ThemeSeries } from '@bp/contract';
import { call } from '../../shared/api.ts';
import { useSiteChoice } from '../../shared/site-picker.tsx';

/** A small picture of a series: its page, a header in its main colours, a card on its surface. */
function ThemeSwatch({ series }: { series: ThemeSeries }) {
  const look = THEME_LOOKS[series];
  return (
    <span
      aria-hidden
      style={{ display: 'block', width: 132, height: 72, borderRadius: 6, background: look.bg, border: `1px solid ${look.border}`, overflow: 'hidden' }}
    >
      <span style={{ display: 'block', height: 18, background: `linear-gradient(135deg, ${look.primary}, ${look.primary2})` }} />
      <span
        style={{
          display: 'block',
          margin: '8px 10px',
          height: 30,
          borderRadius: 4,
          background: look.surface,
          border: `1px solid ${look.border}`,
          position: 'relative',
        }}
      >
        <span style={{ position: 'absolute', left: 8, top: 10, width: 40, height: 8, borderRadius: 4, background: look.primary }} />
      </span>
    </span>
  );
}

const SKIN_OPTIONS = [{ value: '', label: '不使用' }, ...FESTIVAL_SKINS.map((skin) => ({ value: skin, label: FESTIVAL_SKIN_NAMES[skin] }))];

/** A site's look on the member site: one of the eight theme series, and a festival skin over it. */
export function AppearancePage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { siteId, picker } = useSiteChoice();
  const [form] = Form.useForm<SiteAppearance>();
  const key = ['site-appearance', siteId];
  const current = useQuery({ queryKey: key, queryFn: () => call('/api/admin/site/appearance/get', { siteId: siteId! }), enabled: siteId !== undefined });
  useEffect(() => {
    if (current.data) form.setFieldsValue(current.data);
  }, [current.data, form]);
  const chosen = Form.useWatch([], form) as SiteAppearance | undefined;
  const changed = !!current.data && !!chosen && (chosen.series !== current.data.series || chosen.festivalSkin !== current.data.festivalSkin);
  const save = useMutation({
    mutationFn: (appearance: SiteAppearance) => call('/api/admin/site/appearance/set', { siteId: siteId!, ...appearance }),
    onSuccess: (answer) => {
      queryClient.setQueryData(key, answer);
      message.success('外观已保存，会员端立即生效');
    },
    onError: (err) => message.error(err.message),
  });
  return (
    <Card title="外观" extra={picker}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="主题决定会员端的配色、圆角与登录页样式；节日皮肤在首页顶部加上节日装饰，与主题叠加。"
        description="会员在「我的 - 主题」中预览的其他主题只影响其本人。"
      />
      <Form form={form} layout="vertical" onFinish={(appearance) => save.mutate(appearance)} disabled={!current.data}>
        <Form.Item label="主题" name="series">
          <Radio.Group style={{ display: 'grid', gridTemplateColumns: 'repeat(4, max-content)', gap: 12 }}>
            {THEME_SERIES.map((series) => (
              <Radio
                key={series}
                value={series}
                style={{
                  margin: 0,
                  padding: 12,
                  borderRadius: 8,
                  border: `1px solid ${chosen?.series === series ? '#1677ff' : '#f0f0f0'}`,
                  background: chosen?.series === series ? '#e6f4ff' : undefined,
                }}
              >
                <ThemeSwatch series={series} />
                <span style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginTop: 6 }}>
                  {THEME_LOOKS[series].name}
                  {current.data?.series === series && <Tag style={{ marginInlineEnd: 0 }}>当前</Tag>}
                </span>
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item label="节日皮肤" name="festivalSkin">
          <Radio.Group optionType="button" buttonStyle="solid" options={SKIN_OPTIONS} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!changed}>
          保存
        </Button>
      </Form>
    </Card>
  );
}
