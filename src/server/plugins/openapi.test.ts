import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the API documents itself', () => {
  it('serves an OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/site'].get.responses['200']).toBeDefined();
    expect(doc.paths['/api/client-errors'].post.requestBody).toBeDefined();
    expect(doc.paths['/readyz'].get.responses['503']).toBeDefined();
  });

  it('says who may call each route', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { description?: string }>>;
    }>();
    expect(doc.paths['/api/site']?.get?.description).toBe('Access: public.');
    expect(doc.paths['/api/account/sessions']?.get?.description).toBe('Access: signed-in.');
    expect(doc.paths['/api/users/{id}/role']?.put?.description).toMatch(
      /^Access: permission:roles\.change\.\n\nStaff only: while the site asks staff for a second factor, refused to one without it \(`details\.secondFactorRequired`\)\.\n\nLimit \(account-action\): /,
    );
    expect(doc.paths['/api/auth/sign-up']?.post?.description).toMatch(
      /Answers the same .*At most 5 attempts per client address per hour; more answer `resource-exhausted`\.\n\nAccess: public\.\n\nLimit \(sign-up\): 10 per minute per client address\.$/s,
    );
  });

  it('serves browsable docs at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Swagger UI');
  });

  it('gives every /api route a querystring and response schema', () => {
    const apiRoutes = t.app.registeredRoutes.filter(
      (route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'),
    );
    expect(apiRoutes.length).toBeGreaterThan(1);
    const missing = apiRoutes
      .filter((route) => !route.schema?.querystring || !route.schema.response)
      .map((route) => `${String(route.method)} ${route.url}`);
    expect(missing).toEqual([]);
  });
});
