import { useState } from 'react';
import { App, Button, Card, Col, Empty, Form, Input, InputNumber, Popconfirm, Row, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Errors, HelpArticleInput, HelpCategoryInput, type AdminHelpArticle, type AdminHelpListData } from '@bp/contract';
import { call } from '../../shared/api.ts';
import { EditModal, MoveButtons, showRefusal, swappedSorts } from '../../shared/edit.tsx';
import { zodRule } from '../../shared/form.ts';
import { useMe } from '../../shared/me.ts';
import { useSiteChoice } from '../../shared/site-picker.tsx';

type Category = AdminHelpListData['list'][number];
type ArticleEntry = Category['articles'][number];
type CategoryFields = z.input<typeof HelpCategoryInput>;
type ArticleFields = z.input<typeof HelpArticleInput>;
/** What a dialog edits: a new one, or the one with this id. */
type Editing = { id?: number } | null;

const categoryField = HelpCategoryInput.shape;
const articleField = HelpArticleInput.shape;
const HELP_KEY = 'help';
const nextSort = (rows: Array<{ sort: number }>) => (rows.at(-1)?.sort ?? 0) + 1;

/** The site's help, and what this operator may change of it: a shared category only when they hold every site. */
function useHelp(siteId: number | undefined) {
  const everySite = useMe().data?.siteIds === null;
  const list = useQuery({
    queryKey: [HELP_KEY, siteId],
    queryFn: () => call('/api/admin/site/help/category/list', { siteId: siteId! }),
    enabled: siteId !== undefined,
  });
  return { list, categories: list.data?.list ?? [], everySite, locked: (c: Category | undefined) => !!c?.shared && !everySite };
}

/** One of the screen's changes: the call, a toast, the help read again; a refusal shown by `refused` (else as a toast). */
function useHelpChange<B>(send: (body: B) => Promise<unknown>, success: string, refused?: (err: Error) => void) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      message.success(success);
      return queryClient.invalidateQueries({ queryKey: [HELP_KEY] });
    },
    onError: (err) => (refused ? refused(err) : message.error(err.message)),
  });
}

/**
 * The member site's help centre (帮助中心): categories (the site's own and those shared by every
 * site) in order, and a category's articles. Every change shows on the member site at once.
 */
export function HelpPage() {
  const { siteId, picker } = useSiteChoice();
  const help = useHelp(siteId);
  const [chosen, setChosen] = useState<number>();
  const category = help.categories.find((c) => c.categoryId === chosen) ?? help.categories[0];
  return (
    <Card title="帮助中心" extra={picker}>
      <Typography.Paragraph type="secondary">
        会员端「帮助中心」按排序展示分类及其文章，修改即时生效。标有「全站共用」的分类在所有站点显示
        {help.everySite ? '。' : '，须由可管理全部站点的操作员修改。'}
      </Typography.Paragraph>
      <Row gutter={16}>
        <Col span={10}>
          <CategoryPanel siteId={siteId} help={help} chosen={category} onChoose={setChosen} />
        </Col>
        <Col span={14}>
          <ArticlePanel siteId={siteId} help={help} category={category} />
        </Col>
      </Row>
    </Card>
  );
}

interface PanelProps {
  siteId: number | undefined;
  help: ReturnType<typeof useHelp>;
}

/** The categories: chosen to show their articles, added, renamed, moved, removed once empty. */
function CategoryPanel({ siteId, help, chosen, onChoose }: PanelProps & { chosen: Category | undefined; onChoose: (id: number) => void }) {
  const { categories, locked } = help;
  const [editing, setEditing] = useState<Editing>(null);
  const [form] = Form.useForm<CategoryFields>();
  const refused = (err: Error) =>
    showRefusal(form, err, 'category.', 'name', { [Errors.HELP_SHARED_SCOPE.code]: 'shared', [Errors.HELP_CATEGORY_NOT_FOUND.code]: 'name' });
  const save = useHelpChange(
    ({ categoryId, category }: { categoryId?: number; category: CategoryFields }) =>
      call('/api/admin/site/help/category/save', { siteId: siteId!, ...(categoryId ? { categoryId } : {}), category }),
    '分类已保存',
    editing ? refused : undefined,
  );
  const remove = useHelpChange((categoryId: number) => call('/api/admin/site/help/category/remove', { siteId: siteId!, categoryId }), '分类已删除');
  const open = (c: Category | 'new') => {
    setEditing(c === 'new' ? {} : { id: c.categoryId });
    form.setFieldsValue(c === 'new' ? { name: '', sort: nextSort(categories), shared: false } : { name: c.name, sort: c.sort, shared: c.shared });
  };
  const submit = async () => {
    const category = await form.validateFields();
    save.mutate({ categoryId: editing?.id, category }, { onSuccess: () => setEditing(null) });
  };
  const move = async (index: number, by: -1 | 1) => {
    const [a, b] = [categories[index], categories[index + by]];
    const [sortA, sortB] = swappedSorts(a, b, by);
    await save.mutateAsync({ categoryId: a.categoryId, category: { name: a.name, sort: sortA, shared: a.shared } });
    await save.mutateAsync({ categoryId: b.categoryId, category: { name: b.name, sort: sortB, shared: b.shared } });
  };
  return (
    <Card
      size="small"
      title="分类"
      extra={
        <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => open('new')} disabled={siteId === undefined}>
          新建分类
        </Button>
      }
    >
      <Table<Category>
        rowKey="categoryId"
        size="small"
        loading={help.list.isFetching}
        dataSource={categories}
        pagination={false}
        rowSelection={{ type: 'radio', columnWidth: 32, selectedRowKeys: chosen ? [chosen.categoryId] : [], onChange: ([id]) => onChoose(Number(id)) }}
        onRow={(c) => ({ onClick: () => onChoose(c.categoryId), style: { cursor: 'pointer' } })}
        locale={{ emptyText: <Empty description="暂无分类，点击「新建分类」添加" /> }}
        columns={[
          {
            title: '排序',
            width: 80,
            render: (_, c, index) => (
              <MoveButtons
                index={index}
                count={categories.length}
                name={c.name}
                blocked={(by) => locked(c) || locked(categories[index + by])}
                onMove={(by) => move(index, by)}
              />
            ),
          },
          {
            title: '名称',
            render: (_, c) => (
              <Space size={4} wrap>
                <Typography.Text strong={c.categoryId === chosen?.categoryId}>{c.name}</Typography.Text>
                {c.shared ? <Tag color="blue">全站共用</Tag> : null}
              </Space>
            ),
          },
          { title: '文章', width: 52, align: 'right', render: (_, c) => c.articles.length },
          {
            title: '操作',
            width: 100,
            render: (_, c) => (
              <Space size={0}>
                <Button type="link" size="small" aria-label={`编辑分类 ${c.name}`} disabled={locked(c)} onClick={() => open(c)}>
                  编辑
                </Button>
                <Popconfirm title={`删除分类「${c.name}」？`} okText="删除" cancelText="取消" onConfirm={() => remove.mutate(c.categoryId)}>
                  <Button type="link" size="small" danger aria-label={`删除分类 ${c.name}`} disabled={locked(c)}>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <EditModal
        title={editing?.id ? '编辑分类' : '新建分类'}
        open={editing !== null}
        form={form}
        saving={save.isPending}
        onClose={() => setEditing(null)}
        onSave={submit}
      >
        <Form.Item label="分类名称" name="name" rules={[zodRule(categoryField.name)]}>
          <Input maxLength={20} showCount />
        </Form.Item>
        <Form.Item label="排序" name="sort" rules={[zodRule(categoryField.sort)]} extra="数字小的在前，本站分类与全站共用分类一起排序">
          <InputNumber precision={0} style={{ width: '100%' }} />
        </Form.Item>
        {help.everySite ? (
          <Form.Item label="全站共用" name="shared" valuePropName="checked" extra="开启后所有站点的帮助中心都显示此分类及其文章">
            <Switch />
          </Form.Item>
        ) : null}
      </EditModal>
    </Card>
  );
}

/** A category's articles: added, edited (title, content, category, order), moved, removed. */
function ArticlePanel({ siteId, help, category }: PanelProps & { category: Category | undefined }) {
  const { message } = App.useApp();
  const [editing, setEditing] = useState<Editing>(null);
  const [form] = Form.useForm<ArticleFields>();
  const articles = category?.articles ?? [];
  const locked = help.locked(category);
  const refused = (err: Error) => showRefusal(form, err, 'article.', 'title', { [Errors.HELP_CATEGORY_NOT_FOUND.code]: 'categoryId' });
  const save = useHelpChange(
    ({ articleId, article }: { articleId?: number; article: ArticleFields }) =>
      call('/api/admin/site/help/article/save', { siteId: siteId!, ...(articleId ? { articleId } : {}), article }),
    '文章已保存',
    editing ? refused : undefined,
  );
  const remove = useHelpChange((articleId: number) => call('/api/admin/site/help/article/remove', { siteId: siteId!, articleId }), '文章已删除');
  const full = (articleId: number) => call('/api/admin/site/help/article/get', { siteId: siteId!, articleId });
  const open = async (entry: ArticleEntry | 'new') => {
    const fields: ArticleFields | void =
      entry === 'new'
        ? { categoryId: category!.categoryId, title: '', content: '', sort: nextSort(articles) }
        : await full(entry.articleId).then(
            ({ categoryId, title, content, sort }) => ({ categoryId, title, content, sort }),
            (err: Error) => void message.error(err.message),
          );
    if (!fields) return;
    setEditing(entry === 'new' ? {} : { id: entry.articleId });
    form.setFieldsValue(fields);
  };
  const submit = async () => {
    const article = await form.validateFields();
    save.mutate({ articleId: editing?.id, article }, { onSuccess: () => setEditing(null) });
  };
  // An article is saved whole: moving reads both neighbours in full first.
  const saveAt = ({ articleId, shared: _, ...article }: AdminHelpArticle, sort: number) => save.mutateAsync({ articleId, article: { ...article, sort } });
  const move = async (index: number, by: -1 | 1) => {
    const [a, b] = await Promise.all([full(articles[index].articleId), full(articles[index + by].articleId)]);
    const [sortA, sortB] = swappedSorts(a, b, by);
    await saveAt(a, sortA);
    await saveAt(b, sortB);
  };
  const choices = help.categories.filter((c) => !help.locked(c)).map((c) => ({ value: c.categoryId, label: c.name }));
  return (
    <Card
      size="small"
      title={
        <Space size={4}>
          {category ? `「${category.name}」的文章` : '文章'}
          {locked ? <Tag>只读</Tag> : null}
        </Space>
      }
      extra={
        <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => open('new')} disabled={!category || locked}>
          新建文章
        </Button>
      }
    >
      <Table<ArticleEntry>
        rowKey="articleId"
        size="small"
        loading={help.list.isFetching}
        dataSource={articles}
        pagination={false}
        locale={{ emptyText: <Empty description={category ? '该分类暂无文章' : '请先新建分类'} /> }}
        columns={[
          {
            title: '排序',
            width: 80,
            render: (_, a, index) => (
              <MoveButtons index={index} count={articles.length} name={a.title} blocked={() => locked} onMove={(by) => move(index, by)} />
            ),
          },
          { title: '标题', dataIndex: 'title', ellipsis: true },
          {
            title: '操作',
            width: 110,
            render: (_, a) => (
              <Space size={0}>
                <Button type="link" size="small" aria-label={`编辑文章 ${a.title}`} disabled={locked} onClick={() => open(a)}>
                  编辑
                </Button>
                <Popconfirm title={`删除文章「${a.title}」？`} okText="删除" cancelText="取消" onConfirm={() => remove.mutate(a.articleId)}>
                  <Button type="link" size="small" danger aria-label={`删除文章 ${a.title}`} disabled={locked}>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <EditModal
        title={editing?.id ? '编辑文章' : '新建文章'}
        open={editing !== null}
        form={form}
        saving={save.isPending}
        onClose={() => setEditing(null)}
        onSave={submit}
      >
        <Row gutter={16}>
          <Col span={16}>
            <Form.Item label="分类" name="categoryId" rules={[zodRule(articleField.categoryId)]}>
              <Select options={choices} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="排序" name="sort" rules={[zodRule(articleField.sort)]} extra="数字小的在前">
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="标题" name="title" rules={[zodRule(articleField.title)]}>
          <Input maxLength={100} showCount />
        </Form.Item>
        <Form.Item label="内容" name="content" rules={[zodRule(articleField.content)]} extra="纯文本，空行分段">
          <Input.TextArea autoSize={{ minRows: 8, maxRows: 18 }} maxLength={10000} showCount />
        </Form.Item>
      </EditModal>
    </Card>
  );
}
