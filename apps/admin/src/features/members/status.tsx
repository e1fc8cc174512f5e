import { Tag } from 'antd';

const STATUS: Record<string, { label: string; color: string }> = {
  '1': { label: '正常', color: 'green' },
  '2': { label: '已封禁', color: 'red' },
  '0': { label: '休眠', color: 'default' },
};

export const MemberStatus = ({ status }: { status: string }) => <Tag color={STATUS[status]?.color}>{STATUS[status]?.label ?? status}</Tag>;
