import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { HELP_TERMS_CATEGORY, type AdminHelpListData, type HelpArticle, type HelpCategory } from '@bp/contract';
import { oneOf, rowsOf, type Db, type DbOrTx } from '../../platform/db/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { defineRoute, fail } from '../../platform/http/index.ts';

interface HelpRow {
  category_id: number;
  name: string;
  category_sort: number;
  site_id: number | null;
  article_id: number | null;
  title: string | null;
  article_sort: number | null;
}

/** The site's help in the members' order: its own categories and those of every site, each with its articles' titles in order. */
export async function siteHelp(db: DbOrTx, siteId: number): Promise<AdminHelpListData['list']> {
  const rows = await rowsOf<HelpRow>(
    db,
    sql`
    SELECT c.category_id, c.name, c.sort AS category_sort, c.site_id, a.article_id, a.title, a.sort AS article_sort
    FROM help_categories c LEFT JOIN help_articles a ON a.category_id = c.category_id
    WHERE c.site_id IS NULL OR c.site_id = ${siteId}
    ORDER BY c.sort, c.category_id, a.sort, a.article_id`,
  );
  const categories = new Map<number, AdminHelpListData['list'][number]>();
  for (const row of rows) {
    const categoryId = Number(row.category_id);
    if (!categories.has(categoryId))
      categories.set(categoryId, { categoryId, name: row.name, sort: row.category_sort, shared: row.site_id === null, articles: [] });
    if (row.article_id !== null) categories.get(categoryId)!.articles.push({ articleId: Number(row.article_id), title: row.title!, sort: row.article_sort! });
  }
  return [...categories.values()];
}

/** The site's help as members read it. */
export async function helpCategories(db: Db, siteId: number): Promise<HelpCategory[]> {
  return (await siteHelp(db, siteId)).map((c) => ({ id: c.categoryId, name: c.name, articles: c.articles.map((a) => ({ id: a.articleId, title: a.title })) }));
}

export interface ArticleRow {
  article_id: number;
  title: string;
  content: string;
  sort: number;
  category_id: number;
  name: string;
  site_id: number | null;
}

/** One article of the site's help (its own categories' or every site's), with its category; null when there is none such. */
export async function articleRow(db: DbOrTx, siteId: number, id: number): Promise<ArticleRow | null> {
  return oneOf<ArticleRow>(
    db,
    sql`
    SELECT a.article_id, a.title, a.content, a.sort, c.category_id, c.name, c.site_id
    FROM help_articles a JOIN help_categories c ON c.category_id = a.category_id
    WHERE a.article_id = ${id} AND (c.site_id IS NULL OR c.site_id = ${siteId})`,
  );
}

/** One article of the site's help; another site's is not found. */
export async function helpArticle(db: Db, siteId: number, id: number): Promise<HelpArticle> {
  const row = (await articleRow(db, siteId, id)) ?? fail('HELP_NOT_FOUND');
  return { id: Number(row.article_id), title: row.title, content: row.content, categoryId: Number(row.category_id), categoryName: row.name };
}

/** The help centre's calls. Help is for visitors too: it explains how to register, deposit and bet. */
export function helpRoutes(app: FastifyInstance, { db }: Deps): void {
  defineRoute(
    app,
    {
      url: '/api/member/help/categories',
      summary: 'The help centre: categories with their articles’ titles',
      auth: 'optional',
      rateLimit: 'read',
    },
    async (req) => helpCategories(db, req.site.siteId),
  );
  defineRoute(app, { url: '/api/member/help/article', summary: 'One help article in full', auth: 'optional', rateLimit: 'read' }, async (req) =>
    helpArticle(db, req.site.siteId, req.body.id),
  );
}

/** Demo help for every site, written for the sandbox (safe on every start: categories are unique by name). */
export async function seedHelp({ db }: Deps): Promise<void> {
  for (const [sort, { name, articles }] of DEMO_HELP.entries()) {
    const created = await oneOf<{ category_id: number }>(
      db,
      sql`
      INSERT INTO help_categories (site_id, name, sort) VALUES (NULL, ${name}, ${sort})
      ON CONFLICT (coalesce(site_id, 0), name) DO NOTHING RETURNING category_id`,
    );
    if (!created) continue;
    for (const [i, [title, content]] of articles.entries()) {
      await db.execute(sql`INSERT INTO help_articles (category_id, title, content, sort) VALUES (${created.category_id}, ${title}, ${content}, ${i})`);
    }
  }
}

const DEMO_HELP: ReadonlyArray<{ name: string; articles: ReadonlyArray<readonly [string, string]> }> = [
  {
    name: '存款帮助',
    articles: [
      ['如何存款？', '进入「我的钱包」点击「存款」，选择支付方式并输入金额，按页面提示完成支付即可。本站为演示环境，沙盒支付会立即到账，不涉及真实资金。'],
      ['银行转账存款多久到账？', '银行转账需上传转账凭证，由客服审核后到账。订单可在「存提记录」中查看状态，如有疑问可提交申诉或联系在线客服。'],
      ['存款金额有限制吗？', '每种支付方式都有单笔最低和最高金额，请以存款页面显示的限额为准。'],
    ],
  },
  {
    name: '提款帮助',
    articles: [
      ['首次提款需要做什么？', '首次提款前需依次完成：实名认证、设置6位数字资金密码、绑定银行卡（USDT站点为绑定USDT地址）。'],
      ['提款需要多久？', '提交后金额会立即冻结，待审核通过后出款；审核未通过的金额将退回中心钱包。可在「存提记录」中查看进度。'],
      [
        '忘记资金密码怎么办？',
        '资金密码多次输入错误会暂时锁定提款。可在「资金密码」页面选择「忘记资金密码」，用已绑定的银行卡号或USDT地址重置，或联系在线客服。',
      ],
    ],
  },
  {
    name: '投注规则',
    articles: [
      ['什么是串关？', '串关是将多场不同比赛的选项组合成一注，赔率相乘，所有选项全部赢才算中奖。同一场比赛的选项不能串在一起。'],
      ['滚球注单为什么需要确认？', '滚球比赛中下注后需等待数秒确认，期间如发生进球等重要事件导致盘口变化，注单可能被拒绝，本金将原路退回。'],
      ['什么是提前结算？', '部分未结算的注单提供提前结算金额，确认后按当时报价结算；盘口暂停期间无法提前结算。'],
    ],
  },
  {
    name: '账户安全',
    articles: [
      ['如何修改登录密码？', '在「个人中心」进入「修改密码」，完成安全验证后即可修改。修改成功后其他设备上的登录会全部失效。'],
      ['为什么被要求重新登录？', '账号在其他设备登录、修改密码、长时间未操作（可在「自动退出」中设置）或每日22:00时，当前登录会失效，请重新登录。'],
    ],
  },
  {
    name: HELP_TERMS_CATEGORY,
    articles: [
      [
        '用户协议',
        [
          '一、注册与账户：注册会员须年满18周岁，并保证所填资料真实、准确。每位会员仅可注册一个账户，账户及密码由会员本人妥善保管，因保管不当造成的损失由会员自行承担。',
          '二、资金与提款：存款、提款须使用本人名下的银行卡或USDT地址。提款前须完成实名认证、设置资金密码并绑定收款方式；每笔通过支付渠道的存款须完成相应流水方可提款。',
          '三、投注规则：注单以本站系统记录为准，确认后不可撤销。赛事取消、延期或盘口错误时，本站有权按投注规则作废注单并退还本金。',
          '四、禁止行为：禁止利用系统漏洞、多账户套利、洗钱或其他不正当手段参与投注与活动；一经查实，本站有权冻结账户并取消相关收益。',
          '五、理性娱乐：请量力而行，未满18周岁禁止参与。如需暂停使用，可联系在线客服协助处理。',
          '本站为演示环境，所有支付渠道与游戏平台均为沙盒模拟，不涉及真实资金。',
        ].join('\n\n'),
      ],
      [
        '隐私政策',
        [
          '一、我们收集的信息：注册与使用过程中您提供的用户名、手机号、邮箱、真实姓名、银行卡号或USDT地址，以及登录设备与网络信息。',
          '二、信息的用途：仅用于账户安全验证、资金收付、风险控制、客户服务及法律法规要求的用途，不会出售给任何第三方。',
          '三、信息的保护：密码与资金密码经不可逆加密保存，银行卡号仅显示后四位；员工按最小权限原则访问数据。',
          '四、您的权利：您可在「个人中心」查看、修改个人资料；如需注销账户或对个人信息处理有疑问，请联系在线客服。',
        ].join('\n\n'),
      ],
    ],
  },
];
