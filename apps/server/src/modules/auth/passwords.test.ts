import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, LOGIN_PATH } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { PASSWORD_HASHING, TEST_PASSWORD_HASHING, getMember, setPasswordHashing } from './index.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

// Every other test hashes cheaply (the harness): this one is the production cost's.
describe('passwords at the production cost', () => {
  it('are stored as argon2id over 64 MiB, 3 passes, 4 lanes, and log the member in; a wrong one does not', async () => {
    setPasswordHashing(PASSWORD_HASHING);
    try {
      const member = await s.member({ password: 'prod1234' });
      expect((await getMember(s.deps.db, member.memberId))?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=4\$/);
      expect((await s.call(LOGIN_PATH, { name: member.name, password: 'prod1234' })).code).toBe(0);
      expect((await s.call(LOGIN_PATH, { name: member.name, password: 'prod12345' })).code).toBe(Errors.LOGIN_FAILED.code);
    } finally {
      setPasswordHashing(TEST_PASSWORD_HASHING);
    }
  });
});
