import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { AdminLoginBody } from '@bp/contract';
import { ApiError, call, session } from '../../shared/api.ts';
import { zodRule } from '../../shared/form.ts';

interface Fields {
  name: string;
  password: string;
  totp: string;
}

/** Sign-in: name, password and the 6-digit code of the operator's authenticator app. */
export function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Fields>();

  const submit = async (fields: Fields) => {
    setBusy(true);
    setError(null);
    try {
      const { token } = await call('/api/admin/auth/login', fields);
      session.set(token);
      queryClient.clear();
      navigate('/', { replace: true });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : '网络异常，请稍后再试');
      form.setFieldValue('totp', '');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'linear-gradient(160deg, #0f2a4d 0%, #1f5fbf 100%)',
      }}
    >
      <Card style={{ width: 400 }}>
        <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
          运营管理后台
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
          请输入操作员账号、密码及身份验证器中的动态验证码
        </Typography.Paragraph>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item label="账号" name="name" rules={[zodRule(AdminLoginBody.shape.name)]}>
            <Input prefix={<UserOutlined />} autoComplete="username" placeholder="操作员账号" />
          </Form.Item>
          <Form.Item label="密码" name="password" rules={[zodRule(AdminLoginBody.shape.password)]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" placeholder="密码" />
          </Form.Item>
          <Form.Item label="动态验证码" name="totp" rules={[zodRule(AdminLoginBody.shape.totp)]}>
            <Input prefix={<SafetyOutlined />} inputMode="numeric" maxLength={6} autoComplete="one-time-code" placeholder="6位数字" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} size="large">
            登录
          </Button>
        </Form>
      </Card>
    </div>
  );
}
