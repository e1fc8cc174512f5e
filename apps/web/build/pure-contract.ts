import { parseAst, type Plugin } from 'vite';

const CONTRACT = /\/packages\/contract\/src\/(?!.*\.test\.ts$).*\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression', 'ClassDeclaration', 'ClassExpression']);
const CALLS = new Set(['CallExpression', 'NewExpression']);

/** Whether evaluating `node` calls anything (outside a function it defines). */
function callsAtLoad(node: unknown): boolean {
  if (!node || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some(callsAtLoad);
  const n = node as Node;
  if (FUNCTIONS.has(n.type)) return false;
  if (CALLS.has(n.type)) return true;
  return Object.entries(n).some(([key, value]) => key !== 'type' && callsAtLoad(value));
}

/** The initialisers of the module's own `const`s that call something as the module loads. */
function callingInitialisers(program: { body: Node[] }): Node[] {
  const found: Node[] = [];
  for (const statement of program.body) {
    const declaration = statement.type.startsWith('Export') ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const init = declarator.init as Node | null;
      if (init && callsAtLoad(init)) found.push(init);
    }
  }
  return found;
}

/**
 * The contract is shared with the server: its zod schemas are the server's validation, while the site
 * uses the contract's constants, rules and types. A schema such as `z.object({ name: z.string().max(32) })`
 * is a chain of method calls the bundler cannot prove free of side effects, so every schema a
 * first-loaded module sat beside stayed, and zod's runtime with it. The contract makes no module-level
 * call for its effect (its modules are declared side-effect free in vite.config.ts), so each constant
 * computed by calls is wrapped in a function called at once and marked pure (`/* @__PURE__ *\/ (() =>
 * ...)()`): the same value when used, and left out with everything it calls when nobody uses it. zod
 * then loads only with the screens that validate (the forms).
 */
export function pureContract(): Plugin {
  return {
    name: 'bp-pure-contract',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!CONTRACT.test(id)) return null;
      const inits = callingInitialisers(parseAst(code) as unknown as { body: Node[] });
      if (inits.length === 0) return null;
      let out = code;
      for (const { start, end } of inits.reverse()) out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
      return { code: out, map: null };
    },
  };
}
