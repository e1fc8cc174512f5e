import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';

/**
 * An area of the app frame (seed 2: home, sports, live, casino, promotions, the personal centre):
 * its routes under /app and, when it has one, its tab. A feature folder exports its area; the
 * router lists the areas that are built. An area that is not built has no entry here, so neither
 * its tab nor any navigation link to it shows.
 */
export interface TabEntry {
  key: string;
  path: string;
  /** i18n key of the tab's label. */
  title: string;
  icon: ReactNode;
  /** Position in the tab bar: home 10, sports 20, live 30, casino 40, promotions 50, cs 60, member 90. */
  order: number;
}

export interface Area {
  name: string;
  /** Routes relative to /app (e.g. 'home', 'member/profile'). */
  routes: RouteObject[];
  tab?: TabEntry;
}

/** A route's handle: its page title (i18n key), shown in the document title. */
export interface RouteHandle {
  title?: string;
}
