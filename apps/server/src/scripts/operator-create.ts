/**
 * `npm run operator:create -- --name NAME --password PASSWORD --role super[,finance...] [--sites 1,2]`:
 * creates an operator on the configured database (DATA_DIR for PGlite, or DATABASE_URL [+
 * DATABASE_SCHEMA]), migrating it first, and prints the two-factor secret as an otpauth:// URI (add
 * it to an authenticator app; it is not shown again). Recorded in the audit log as a command's.
 * On PGlite, stop the server first: one process owns a data folder.
 */
import { parseArgs } from 'node:util';
import { OPERATOR_ROLES, OperatorCreateBody } from '@bp/contract';
import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db/index.ts';
import { migrate } from '../platform/db/migrate.ts';
import { AppError } from '../platform/http/index.ts';
import { modules } from '../modules/index.ts';
import { appendAudit, createOperator } from '../modules/admin/index.ts';

const { values } = parseArgs({
  options: { name: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' }, sites: { type: 'string' } },
});
const input = OperatorCreateBody.safeParse({
  name: values.name,
  password: values.password,
  roles: (values.role ?? '').split(',').filter(Boolean),
  siteIds: values.sites ? values.sites.split(',').map(Number) : null,
});
if (!input.success) {
  console.error(`usage: npm run operator:create -- --name NAME --password PASSWORD --role ${OPERATOR_ROLES.join('|')}[,...] [--sites 1,2]`);
  for (const issue of input.error.issues) console.error(`  ${issue.path.join('.')}: ${issue.message}`);
  process.exit(2);
}

const database = await openDatabase(loadConfig());
try {
  await migrate(database, modules);
  const created = await createOperator(database.db, input.data);
  const { password: _, ...shown } = input.data;
  await appendAudit(database.db, {
    operatorId: null,
    action: 'operator.create',
    target: `operator:${shown.name}`,
    after: { ...shown, operatorId: created.operator.operatorId },
  });
  console.log(`operator ${created.operator.name} (#${created.operator.operatorId}) created with roles ${created.operator.roles.join(', ')}`);
  console.log('two-factor secret (add it to an authenticator app now; it is not shown again):');
  console.log(created.otpauthUri);
} catch (err) {
  console.error(err instanceof AppError ? `refused: ${err.message}` : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
