import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { buildAccount } from '../../../test/factories.js';
import { createAgent, testPassword } from '../../../test/auth-helpers.js';
import { storageEnabled } from '../../../../shared/while-running.js';
import { betterAuthStorages } from './quiet-contexts.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
});
afterAll(() => t.close());

/** Node's own flag: an enabled storage keeps the process's promise hooks on. */
const enabled = () => betterAuthStorages().map(storageEnabled);

describe("Better Auth's call contexts", () => {
  it('are disabled once no call runs, while calls running side by side each keep theirs', async () => {
    const db = t.platforms.database.db;
    const users = await Promise.all([buildAccount(db), buildAccount(db), buildAccount(db)]);
    const answers = await Promise.all(
      users.map((user) =>
        createAgent(t.app).inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email: user.email, password: testPassword },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((answer) => answer.json<{ user: { id: string } }>().user.id)).toEqual(
      users.map((user) => user.id),
    );
    expect(enabled().length).toBeGreaterThan(0);
    expect(enabled()).not.toContain(true);

    // The next call runs in its context again.
    const agent = createAgent(t.app);
    const signedIn = await agent.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: users[0]?.email, password: testPassword },
    });
    expect(signedIn.statusCode).toBe(200);
    const signedOut = await agent.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      payload: {},
    });
    expect(signedOut.statusCode).toBe(204);
    expect(enabled()).not.toContain(true);
  });
});
