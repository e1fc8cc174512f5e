/**
 * `npm run audit:verify`: walks the operators' audit log on the configured database (DATA_DIR for
 * PGlite, or DATABASE_URL [+ DATABASE_SCHEMA]), recomputing every entry's hash from its fields and
 * the hash before it. Exits 1 at the first entry that does not hold. On PGlite, stop the server first.
 */
import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db/index.ts';
import { verifyAudit } from '../modules/admin/index.ts';

const database = await openDatabase(loadConfig());
try {
  const [{ present }] = await database.query<{ present: boolean }>(`SELECT to_regclass('admin_audit') IS NOT NULL AS present`);
  if (!present) {
    console.log('audit verify: no audit log in this database yet (start the server once to migrate it)');
  } else {
    const check = await verifyAudit(database.db);
    if (check.ok) console.log(`OK: ${check.entries} audit entries, every hash holds and the chain is unbroken`);
    else console.log(`BROKEN at entry ${check.brokenAt}: ${check.reason} (${check.entries} entries before it hold)`);
    process.exitCode = check.ok ? 0 : 1;
  }
} finally {
  await database.close();
}
