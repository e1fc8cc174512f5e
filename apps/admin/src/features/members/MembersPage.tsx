import { Card, Input, Select, Space, Table, Tag } from 'antd';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import { MEMBER_TAG_LABELS, type MemberSummary } from '@bp/contract';
import { call } from '../../shared/api.ts';
import { dateTime } from '../../shared/format.ts';
import { useSites } from '../../shared/me.ts';
import { usePagedList } from '../../shared/paged.ts';
import { MemberStatus } from './status.tsx';

type Member = z.output<typeof MemberSummary>;
interface Filters {
  keyword?: string;
  siteId?: number;
  tag?: 'activity_blacklist' | 'no_level_bonus';
  status?: '0' | '1' | '2';
}

/** Member search: by id, name (its beginning), phone, e-mail or real name, narrowed by site, tag and status. */
export function MembersPage() {
  const { sites, nameOf } = useSites();
  const { filters, setFilters: change, tableProps } = usePagedList<Filters, Member>('members', {}, (q) => call('/api/admin/member/search', q));
  return (
    <Card title="会员管理">
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          enterButton="搜索"
          placeholder="会员ID、账号、手机、邮箱或真实姓名"
          style={{ width: 360 }}
          onSearch={(keyword) => change({ ...filters, keyword: keyword.trim() || undefined })}
        />
        <Select
          style={{ width: 180 }}
          aria-label="站点"
          value={filters.siteId ?? 0}
          onChange={(siteId) => change({ ...filters, siteId: siteId || undefined })}
          options={[{ value: 0, label: '全部站点' }, ...sites.map((s) => ({ value: s.siteId, label: `${s.name}（${s.currency}）` }))]}
        />
        <Select
          style={{ width: 160 }}
          aria-label="标签"
          value={filters.tag ?? ''}
          onChange={(tag) => change({ ...filters, tag: (tag || undefined) as Filters['tag'] })}
          options={[{ value: '', label: '全部标签' }, ...Object.entries(MEMBER_TAG_LABELS).map(([value, label]) => ({ value, label }))]}
        />
        <Select
          style={{ width: 140 }}
          aria-label="状态"
          value={filters.status ?? ''}
          onChange={(status) => change({ ...filters, status: (status || undefined) as Filters['status'] })}
          options={[
            { value: '', label: '全部状态' },
            { value: '1', label: '正常' },
            { value: '2', label: '已封禁' },
            { value: '0', label: '休眠' },
          ]}
        />
      </Space>
      <Table<Member>
        rowKey="memberId"
        {...tableProps}
        columns={[
          { title: 'ID', dataIndex: 'memberId', width: 80 },
          { title: '账号', dataIndex: 'name', render: (name: string, m) => <Link to={`/members/${m.memberId}`}>{name}</Link> },
          { title: '站点', dataIndex: 'siteId', render: (siteId: number) => nameOf(siteId) },
          { title: '真实姓名', dataIndex: 'realName', render: (v: string | null) => v ?? '—' },
          { title: '手机', dataIndex: 'phone', render: (v: string | null) => v ?? '—' },
          { title: 'VIP', dataIndex: 'vipLevel', render: (v: number) => `VIP${v}` },
          {
            title: '标签',
            dataIndex: 'tags',
            render: (tags: string[]) =>
              tags.map((t) => (
                <Tag key={t} color="red">
                  {MEMBER_TAG_LABELS[t] ?? t}
                </Tag>
              )),
          },
          { title: '状态', dataIndex: 'status', render: (status: string) => <MemberStatus status={status} /> },
          { title: '注册时间', dataIndex: 'createdAt', render: dateTime },
        ]}
      />
    </Card>
  );
}
