import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can } from '../../../shared/permissions.js';
import type { Role } from '../../../shared/roles.js';
import { sessions, users } from '../../schema.js';
import { createAgent, signIn, type Agent } from '../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { describeAccess, type RouteAccess } from '../../core/access.js';
import { buildAccount } from '../../test/factories.js';

/**
 * Every /api route declares who may call it, and each protected route is called
 * as every kind of visitor to check allow/deny against the declaration.
 */
let t: TestApp;
const personas = [
  'anonymous',
  'unverified',
  'blocked',
  'user',
  'moderator',
  'experienced_moderator',
  'admin',
] as const;
type Persona = (typeof personas)[number];
const agents = new Map<Persona, Agent>();
let blockedSession: typeof sessions.$inferSelect;
let blockedCookie: string;

beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  const db = t.platforms.database.db;
  agents.set('anonymous', createAgent(t.app));
  agents.set('unverified', await signIn(t.app, await buildAccount(db, { emailVerified: false })));
  for (const role of ['user', 'moderator', 'experienced_moderator', 'admin'] as Role[]) {
    agents.set(role, await signIn(t.app, await buildAccount(db, { role })));
  }
  const blocked = await buildAccount(db);
  const blockedAgent = await signIn(t.app, blocked);
  agents.set('blocked', blockedAgent);
  blockedCookie = blockedAgent.cookies.get('vp.session_token') ?? '';
  await db
    .update(users)
    .set({ banned: true, banReason: 'Matrix test' })
    .where(eq(users.id, blocked.id));
  const [row] = await db.select().from(sessions).where(eq(sessions.userId, blocked.id));
  if (!row) throw new Error('blocked persona has no session');
  blockedSession = row;
});
afterAll(() => t.close());

/** The blocked persona's session is ended by each refused call; put it back for the next. */
async function restoreBlockedSession() {
  await t.platforms.database.db.insert(sessions).values(blockedSession).onConflictDoNothing();
  agents.get('blocked')?.cookies.set('vp.session_token', blockedCookie);
}

function allowed(access: RouteAccess, persona: Persona): boolean {
  if (persona === 'blocked') return false;
  if (access === 'public') return true;
  if (persona === 'anonymous') return false;
  if (access === 'signed-in') return true;
  if (persona === 'unverified') return false;
  if (access === 'verified') return true;
  return can(persona, access.permission);
}

const apiRoutes = () =>
  t.app.registeredRoutes.filter(
    (route) => route.url.startsWith('/api/') && route.method !== 'HEAD',
  );

const concreteUrl = (url: string) => url.replace(/:[A-Za-z]+/g, 'matrix-missing-id');

describe('route access', () => {
  it('every /api route declares who may call it', () => {
    const undeclared = apiRoutes().filter((route) => route.access === undefined);
    expect(undeclared.map((route) => `${String(route.method)} ${route.url}`)).toEqual([]);
    expect(apiRoutes().length).toBeGreaterThan(20);
  });

  it('allows and denies each protected route for every kind of visitor', async () => {
    const results: string[] = [];
    const failures: string[] = [];
    for (const route of apiRoutes()) {
      const access = route.access as RouteAccess;
      const method = String(route.method);
      for (const persona of personas) {
        if (access === 'public' && persona !== 'blocked') continue;
        // The API's own documentation is static and open to everyone.
        if (persona === 'blocked' && /^\/api\/(docs|openapi)/.test(route.url)) continue;
        if (persona === 'blocked') await restoreBlockedSession();
        const agent = agents.get(persona) as Agent;
        const res = await agent.inject({ method: method as 'GET', url: concreteUrl(route.url) });
        // Errors are JSON; an allowed download (the donations CSV) is not.
        const json = String(res.headers['content-type'] ?? '').includes('json');
        const error = json ? res.json() : {};
        const expectAllowed = allowed(access, persona);
        const denied = res.statusCode === 401 || res.statusCode === 403;
        const line = `${method} ${route.url} [${describeAccess(access)}] as ${persona}: ${res.statusCode}`;
        results.push(line);
        if (expectAllowed === denied) failures.push(line);
        if (!expectAllowed) {
          const code = persona === 'anonymous' ? 'unauthenticated' : 'permission-denied';
          if (error.error?.code !== code) failures.push(`${line} (code ${error.error?.code})`);
        }
        if (persona === 'blocked' && !error.error?.details?.blocked) {
          failures.push(`${line} (no block details)`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(results.length).toBeGreaterThan(50);
  });

  it("ends a blocked account's sessions on its first request", async () => {
    const db = t.platforms.database.db;
    await restoreBlockedSession();
    const blocked = agents.get('blocked') as Agent;
    const first = await blocked.inject({ url: '/api/auth/session' });
    expect(first.statusCode).toBe(403);
    const left = await db.select().from(sessions).where(eq(sessions.userId, blockedSession.userId));
    expect(left).toEqual([]);
  });
});
