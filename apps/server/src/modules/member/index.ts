import type { Module } from '../../platform/deps.ts';
import { memberRoutes } from './routes.ts';

export const memberModule: Module = {
  name: 'member',
  install(app, deps) {
    memberRoutes(app, deps);
  },
};
