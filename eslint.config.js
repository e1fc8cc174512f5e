// `npm run lint`: ESLint with the design's boundaries (../shared/DESIGN.md), then Prettier's check.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const root = import.meta.dirname;
const dirsOf = (folder) =>
  fs
    .readdirSync(path.join(root, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const SERVER = 'apps/server/src';
const WEB = 'apps/web/src';
const ADMIN = 'apps/admin/src';
const serverModules = dirsOf(`${SERVER}/modules`);
const webFeatures = dirsOf(`${WEB}/features`);
const adminFeatures = dirsOf(`${ADMIN}/features`);

/** A front end's layout (the member site's and the operator console's alike): app/ composes features, which import no other feature. */
const frontEndZones = (src, features) => [
  { target: `./${src}/shared`, from: [`./${src}/features`, `./${src}/app`], message: 'shared/ imports no feature and not app/' },
  ...features.map((mine) => ({
    target: `./${src}/features/${mine}`,
    from: [`./${src}/app`, ...features.filter((other) => other !== mine).map((other) => `./${src}/features/${other}`)],
    message: 'a feature imports neither another feature nor app/ (app/ composes them)',
  })),
];

/** Every server module reaches another only through its `index.ts`; tests also through its `testing.ts`. */
const moduleZones = (entries) =>
  serverModules.flatMap((mine) =>
    serverModules
      .filter((other) => other !== mine)
      .map((other) => ({
        target: `./${SERVER}/modules/${mine}`,
        from: `./${SERVER}/modules/${other}`,
        except: entries,
        message: `a module reaches ${other} only through its ${entries.join(' or ')}`,
      })),
  );

/** The design's boundaries, shared by code and tests. */
const zones = [
  { target: './packages/contract', from: './apps', message: 'the contract imports nothing of the server or the web' },
  { target: `./${SERVER}/platform`, from: `./${SERVER}/modules`, message: 'the platform knows no business module' },
  { target: './apps/web', from: './apps/server', message: 'the web never imports server code' },
  { target: './apps/admin', from: ['./apps/server', './apps/web'], message: 'the console imports neither server nor member-site code (only the contract)' },
  { target: './apps/web', from: './apps/admin', message: 'the member site never imports the console' },
  ...frontEndZones(WEB, webFeatures),
  ...frontEndZones(ADMIN, adminFeatures),
];

const TESTS = ['**/*.test.ts', '**/*.test.tsx', `${SERVER}/test/**`];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', 'bench/.out/**', 'e2e/screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } } },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...zones, ...moduleZones(['./index.ts'])] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      // `a && b()` and `c ? d() : e()` as statements read well enough; a bare expression does not.
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
      // Module augmentation (`interface FastifyContextConfig extends RouteConfig {}`) is how Fastify is typed.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    files: [...TESTS, '**/testing.ts', 'e2e/**', 'bench/**'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...zones, ...moduleZones(['./index.ts', './testing.ts'])] }],
      // Tests read answers of any shape they probe.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: [`${WEB}/**/*.tsx`, `${WEB}/**/*.ts`, `${ADMIN}/**/*.tsx`, `${ADMIN}/**/*.ts`],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  prettier,
);
