import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { can } from '../../shared/permissions.js';
import type { RegisteredRoute } from '../app.js';
import { createAgent, testPassword, type Agent } from '../test/auth-helpers.js';
import { person, writePost } from '../test/factories.js';
import { databaseDigest } from '../test/state.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Every text field of every route, in the body, the query or the path, refuses U+0000 and
 * broken Unicode with invalid-argument naming the field, and changes nothing (the one text rule,
 * src/shared/text.ts). The routes are walked from app.registeredRoutes, so a new route with a
 * plain z.string() fails here.
 */

let t: TestApp;
let admin: Agent;
let member: Agent;
let memberEmail: string;
beforeAll(async () => {
  t = await createTestApp({ serveWeb: false });
  admin = (await person(t, 'admin')).agent;
  const plain = await person(t, 'user');
  member = plain.agent;
  memberEmail = plain.user.email;
});
afterAll(() => t.close());

type Where = 'body' | 'querystring' | 'params';
type FieldPath = (string | number)[];

/** Zod's own union of its schema types: switching on `def.type` narrows the definition. */
const defOf = (schema: z.core.$ZodType) => (schema as z.core.$ZodTypes)._zod.def;

interface TextField {
  path: FieldPath;
  /** An ISO time or the like: its own grammar refuses anything else, with its own message. */
  format: string | undefined;
}

/** Every string inside a schema: in objects, arrays, optional, defaulted and piped values. */
function textFields(schema: z.core.$ZodType, path: FieldPath = []): TextField[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return [{ path, format: 'format' in def ? String(def.format) : undefined }];
    case 'object':
      return Object.entries(def.shape).flatMap(([key, value]) => textFields(value, [...path, key]));
    case 'array':
      return textFields(def.element, [...path, 0]);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return textFields(def.innerType, path);
    case 'pipe':
      return textFields(def.in, path);
    default:
      return [];
  }
}

/** `value` placed at `path` in an otherwise empty body. */
function bodyWith(path: FieldPath, value: string): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const inner = bodyWith(rest, value);
  return typeof head === 'number' ? [inner] : { [head]: inner };
}

interface Probe extends TextField {
  route: RegisteredRoute;
  method: string;
  where: Where;
}

function probes(): Probe[] {
  return t.app.registeredRoutes.flatMap((route) => {
    const methods = [route.method].flat().filter((method) => method !== 'HEAD');
    return (['body', 'querystring', 'params'] as const).flatMap((where) => {
      const part = route.schema?.[where];
      if (!(part instanceof z.ZodType)) return [];
      return textFields(part).flatMap((field) =>
        methods.map((method) => ({ ...field, route, method, where })),
      );
    });
  });
}

/** The route's path with `bad` in the probed parameter and a harmless value in the others. */
function pathOf(probe: Probe, bad?: string): string {
  const params = probe.route.schema?.params;
  const def = params instanceof z.ZodType ? defOf(params) : undefined;
  const shape = def?.type === 'object' ? def.shape : {};
  return probe.route.url.replace(/:(\w+)/g, (_, name: string) => {
    if (bad !== undefined && probe.where === 'params' && probe.path[0] === name) return bad;
    const param = shape[name];
    // A parameter that names one of a few things (a provider, say) takes the first of them.
    const paramDef = param ? defOf(param) : undefined;
    if (paramDef?.type === 'enum') return String(Object.values(paramDef.entries ?? {})[0]);
    return param && textFields(param).length > 0 ? 'x' : '1';
  });
}

/** An admin may call every route but the one a plain member asks to become a moderator. */
function agentFor(route: RegisteredRoute): Agent {
  const { access } = route;
  return typeof access === 'object' && !can('admin', access.permission) ? member : admin;
}

const badText = {
  nul: { text: 'a\u0000b', inUrl: 'a%00b', message: /^Remove the control character U\+0000$/ },
  // Percent-encoding is UTF-8, and a lone surrogate has no UTF-8: `%ED%A0%80` is its nearest.
  surrogate: {
    text: 'a\uD800b',
    inUrl: '%ED%A0%80',
    message: /^Remove the broken character U\+D800 \(a lone surrogate\)$/,
  },
};
type Bad = keyof typeof badText;

function send(probe: Probe, bad: Bad) {
  const { text, inUrl } = badText[bad];
  const agent = agentFor(probe.route);
  const method = probe.method as 'POST';
  if (probe.where === 'params') return agent.inject({ method, url: pathOf(probe, inUrl) });
  if (probe.where === 'querystring') {
    return agent.inject({ method, url: `${pathOf(probe)}?${String(probe.path[0])}=${inUrl}` });
  }
  return agent.inject({
    method,
    url: pathOf(probe),
    payload: bodyWith(probe.path, text) as object,
  });
}

interface Envelope {
  error?: {
    code: string;
    message: string;
    details?: { issues?: { in: string; path: string; message: string }[] };
  };
}

/** What is wrong with the answer to `probe` carrying `bad`, or undefined when it is right. */
function judge(probe: Probe, bad: Bad, status: number, body: Envelope): string | undefined {
  if (bad === 'surrogate' && probe.where === 'params') {
    return status === 400 && body.error?.message === 'The request URL is malformed'
      ? undefined
      : 'expected the malformed URL answer';
  }
  // In a query the same bytes stay the literal text `%ED%A0%80`, which any field may hold.
  if (bad === 'surrogate' && probe.where === 'querystring') {
    return status < 500 ? undefined : 'expected no server error';
  }
  const path = `/${probe.path.join('/')}`;
  const named = body.error?.details?.issues?.some(
    (issue) =>
      issue.in === probe.where &&
      issue.path === path &&
      (probe.format !== undefined || badText[bad].message.test(issue.message)),
  );
  return status === 400 && body.error?.code === 'invalid-argument' && named
    ? undefined
    : `expected invalid-argument naming ${probe.where}${path.replaceAll('/', '.')} (the text rule)`;
}

describe('text with U+0000 or broken Unicode, in every field of every route', () => {
  it('finds text fields in bodies, queries and paths', () => {
    const found = probes();
    expect(new Set(found.map((probe) => probe.where))).toEqual(
      new Set(['body', 'querystring', 'params']),
    );
    expect(found.length).toBeGreaterThan(60);
  });

  it('refuses both in each field, naming it, and changes nothing', async () => {
    const before = await databaseDigest(t);
    const failures: string[] = [];
    for (const probe of probes()) {
      for (const bad of ['nul', 'surrogate'] as const) {
        const res = await send(probe, bad);
        // A navigation (a provider's callback) answers a redirect with no body.
        const body = res.body === '' ? {} : res.json<Envelope>();
        const wrong = judge(probe, bad, res.statusCode, body);
        if (wrong) {
          const field = `${probe.where}.${probe.path.join('.')}`;
          failures.push(
            `${probe.method} ${probe.route.url} ${field} (${bad}): ${wrong}; got ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await databaseDigest(t)).toEqual(before);
  });
});

describe('the text rule in answers', () => {
  const refusal = (res: { statusCode: number; json: () => unknown }, message: string) => {
    expect(res.statusCode).toBe(400);
    expect((res.json() as Envelope).error).toMatchObject({ code: 'invalid-argument', message });
  };

  it('answers U+0000 in a thread list filter with invalid-argument, not a server error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/forum/posts?author=a%00b' });
    refusal(res, 'Invalid querystring.author: Remove the control character U+0000');
  });

  it('keeps U+0000 in an email or a password away from sign-in', async () => {
    const before = await databaseDigest(t);
    const visitor = createAgent(t.app);
    const signIn = (payload: object) =>
      visitor.inject({ method: 'POST', url: '/api/auth/sign-in', payload });
    refusal(
      await signIn({ email: `${memberEmail}\u0000`, password: testPassword }),
      'Invalid body.email: Remove the control character U+0000',
    );
    refusal(
      await signIn({ email: memberEmail, password: `${testPassword}\u0000` }),
      'Invalid body.password: Remove the control character U+0000',
    );
    expect(await databaseDigest(t)).toEqual(before);
    expect((await signIn({ email: memberEmail, password: testPassword })).statusCode).toBe(200);
  });

  it('refuses a text direction control in a title but keeps tabs and line breaks in a body', async () => {
    const res = await member.inject({
      method: 'POST',
      url: '/api/forum/posts',
      payload: { title: 'Reversed \u202Etitle', body: 'A body', categoryId: 1 },
    });
    refusal(res, 'Invalid body.title: Remove the text direction control U+202E');
    const post = await writePost(t, member, { body: 'First line\r\n\tindented\rlast' });
    expect(post.bodySource).toBe('First line\n\tindented\nlast');
  });
});
