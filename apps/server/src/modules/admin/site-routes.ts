import type { FastifyInstance } from 'fastify';
import { ADMIN_CONTENT_KINDS, ADMIN_CONTENT_PATHS, SITE_SETTING_KEYS, settingProblem, type AdminContentKind } from '@bp/contract';
import {
  addAccessRule,
  appearanceOf,
  currentMaintenance,
  getAccessRules,
  getConfig,
  listAllContent,
  maintenanceSetting,
  removeAccessRule,
  removeContent,
  setAppearance,
  setConfig,
  setMaintenance,
  upsertContent,
} from '../site/index.ts';
import type { Db } from '../../platform/db/index.ts';
import { defineRoute, fail } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { audited, operatorRoute } from './audited.ts';
import { operatorSite } from './site-scope.ts';

async function itemOf(db: Db, siteId: number, kind: AdminContentKind, id: number | undefined) {
  if (!id) return null;
  return (await listAllContent(db, siteId, kind)).find((item) => item.id === id) ?? null;
}

async function maintenanceOf(db: Db, siteId: number) {
  return { setting: await maintenanceSetting(db, siteId), now: await currentMaintenance(db, siteId) };
}

/**
 * A site's content (notices, banners, navigation, floating icons, service channels), configuration keys of the safe list, maintenance,
 * access rules and appearance. The site module forgets its cached copy on each write, so the member site shows a change at once.
 */
export function siteRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const manage = operatorRoute('site.manage');
  // Who may come in is a risk decision as much as a content one: its own permission, held by risk.
  const access = operatorRoute('site.access');

  // One set of calls per kind; each answers that kind's items (TypeScript cannot follow the kind through the loop's union, hence `as never`).
  for (const kind of Object.keys(ADMIN_CONTENT_KINDS) as AdminContentKind[]) {
    const name = ADMIN_CONTENT_KINDS[kind];
    const path = `/api/admin/site/${ADMIN_CONTENT_PATHS[kind]}` as const;
    defineRoute(app, { url: `${path}/list`, summary: `Every ${kind} of a site, published or not`, ...manage }, async (req) => ({
      list: (await listAllContent(db, await operatorSite(db, req, req.body.siteId), kind)) as never,
    }));
    defineRoute(app, { url: `${path}/save`, summary: `Adds or changes a ${kind}（${name}）: text, order, window, published`, ...manage }, async (req) => {
      const siteId = await operatorSite(db, req, req.body.siteId);
      const before = await itemOf(db, siteId, kind, req.body.item.id);
      return audited(deps, req, { action: `site.${kind}.save`, target: `site:${siteId}:${kind}`, before }, async (t) => {
        const id = await upsertContent(t.db, siteId, kind, req.body.item);
        return (await itemOf(t.db, siteId, kind, id)) as never;
      });
    });
    defineRoute(app, { url: `${path}/remove`, summary: `Removes a ${kind}`, ...manage }, async (req) => {
      const siteId = await operatorSite(db, req, req.body.siteId);
      const before = (await itemOf(db, siteId, kind, req.body.id)) ?? fail('CONTENT_NOT_FOUND');
      return audited(deps, req, { action: `site.${kind}.remove`, target: `site:${siteId}:${kind}:${before.id}`, before, after: () => null }, async (t) => {
        await removeContent(t.db, siteId, kind, before.id);
        return null;
      });
    });
  }

  defineRoute(
    app,
    { url: '/api/admin/site/config/list', summary: 'The site’s configuration keys an operator may change, with their values', ...manage },
    async (req) => {
      const config = await getConfig(db, await operatorSite(db, req, req.body.siteId), SITE_SETTING_KEYS);
      return { list: SITE_SETTING_KEYS.map((keyCode) => ({ keyCode, value: config[keyCode] ?? null })) };
    },
  );
  defineRoute(
    app,
    { url: '/api/admin/site/config/set', summary: 'Sets one configuration key (null: back to the default), checked by its rule', ...manage },
    async (req) => {
      const siteId = await operatorSite(db, req, req.body.siteId);
      const { keyCode, value } = req.body;
      const problem = settingProblem(keyCode, value);
      if (problem) fail('SITE_SETTING_INVALID', { msg: problem });
      const before = { keyCode, value: (await getConfig(db, siteId, [keyCode]))[keyCode] ?? null };
      return audited(deps, req, { action: 'site.config.set', target: `site:${siteId}:config:${keyCode}`, before }, async (t) => {
        await setConfig(t.db, siteId, keyCode, value);
        return { keyCode, value };
      });
    },
  );

  defineRoute(
    app,
    { url: '/api/admin/site/maintenance/get', summary: 'The site’s maintenance window as set, and as members see it now', ...manage },
    async (req) => maintenanceOf(db, await operatorSite(db, req, req.body.siteId)),
  );
  defineRoute(app, { url: '/api/admin/site/maintenance/set', summary: 'Puts the site under maintenance for a window, or opens it', ...manage }, async (req) => {
    const siteId = await operatorSite(db, req, req.body.siteId);
    const before = await maintenanceSetting(db, siteId);
    return audited(deps, req, { action: 'site.maintenance.set', target: `site:${siteId}:maintenance`, before, after: (r) => r.setting }, async (t) => {
      await setMaintenance(t.db, siteId, req.body.setting);
      return maintenanceOf(t.db, siteId);
    });
  });

  defineRoute(
    app,
    { url: '/api/admin/site/access/list', summary: 'The site’s access rules (IP ranges and countries), oldest first', ...access },
    async (req) => ({
      list: await getAccessRules(db, await operatorSite(db, req, req.body.siteId)),
    }),
  );
  defineRoute(
    app,
    { url: '/api/admin/site/access/add', summary: 'Adds an access rule: an IP range or country allowed, denied or cautioned', ...access },
    async (req) => {
      const siteId = await operatorSite(db, req, req.body.siteId);
      return audited(deps, req, { action: 'site.access.add', target: (rule) => `site:${siteId}:access:${rule.id}`, before: null }, (t) =>
        addAccessRule(t.db, siteId, req.body.rule),
      );
    },
  );
  defineRoute(app, { url: '/api/admin/site/access/remove', summary: 'Removes an access rule', ...access }, async (req) => {
    const siteId = await operatorSite(db, req, req.body.siteId);
    const before = (await getAccessRules(db, siteId)).find((rule) => rule.id === req.body.id) ?? fail('ACCESS_RULE_NOT_FOUND');
    return audited(deps, req, { action: 'site.access.remove', target: `site:${siteId}:access:${before.id}`, before, after: () => null }, async (t) => {
      await removeAccessRule(t.db, siteId, before.id);
      return null;
    });
  });

  defineRoute(app, { url: '/api/admin/site/appearance/get', summary: 'The site’s theme series and festival skin', ...manage }, async (req) =>
    appearanceOf(db, await operatorSite(db, req, req.body.siteId)),
  );
  defineRoute(app, { url: '/api/admin/site/appearance/set', summary: 'Sets the site’s theme series and festival skin', ...manage }, async (req) => {
    const siteId = await operatorSite(db, req, req.body.siteId);
    const before = await appearanceOf(db, siteId);
    const { series, festivalSkin } = req.body;
    return audited(deps, req, { action: 'site.appearance.set', target: `site:${siteId}:appearance`, before }, (t) =>
      setAppearance(t.db, siteId, { series, festivalSkin }),
    );
  });
}
