import { preparedCall, type Db } from '../../platform/db/index.ts';

const calls = new Map<string, ReturnType<typeof preparedCall>>();

/**
 * `SELECT <columns> FROM <fn>(<args>)`, one statement in a transaction of its own, prepared once per
 * connection on PostgreSQL (the venue transfer's phases and the sandbox venue's books are SQL
 * functions in sql/).
 */
export async function callPrepared(db: Db, fn: string, columns: string, args: readonly unknown[]): Promise<Record<string, unknown>[]> {
  const shape = `${fn}/${columns}/${args.length}`;
  let call = calls.get(shape);
  if (!call)
    calls.set(
      shape,
      (call = preparedCall(
        fn,
        columns,
        args.map(() => ''),
      )),
    );
  return call(db, [...args]);
}
