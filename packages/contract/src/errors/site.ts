import { defineErrors } from './define.ts';

/** The site domain: sites, content, access rules, maintenance, short links (50xxx). */
export const siteErrors = defineErrors({
  SITE_NOT_FOUND: [50001, '站点不存在'],
  SHORT_URL_PATH_INVALID: [50002, '链接须为本站路径'],
  SHORT_URL_NOT_FOUND: [50003, '短链接不存在或已失效'],
  ACCESS_RULE_INVALID: [50004, '访问规则无效'],
  MAINTENANCE_INVALID: [50005, '维护设置无效'],
  CONTENT_INVALID: [50006, '内容设置无效'],
  CONTENT_NOT_FOUND: [50007, '内容不存在'],
  // The console's access rules (81065-81069).
  ACCESS_RULE_NOT_FOUND: [81065, '该访问规则不存在，可能已被删除，请刷新'],
  ACCESS_RULE_DUPLICATE: [81066, '该IP或国家已有一条规则，请先删除原规则再添加'],
});
