import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findSiteRoute } from '../../shared/routes.js';
import { noQuery } from '../http.js';

/**
 * Serves the built single-page app. Hashed files under /assets/ are cached for a year
 * (immutable); other public files for an hour. Every page of the route table answers 200 with
 * index.html, its <head> written for that page; any other path answers 404 with the same app,
 * which then shows 'Page Not Found'. Only files that existed at start are served, so no path
 * can reach outside the build folder; source maps (`*.map`) are never served.
 */
export interface WebOptions {
  webRoot: string;
  siteName: string;
  publicUrl: URL;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export class WebBuildMissingError extends Error {
  override name = 'WebBuildMissingError';
}

export function readWebBuild(webRoot: string) {
  let template: string;
  try {
    template = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  } catch {
    throw new WebBuildMissingError(
      `The web app is not built (${webRoot}/index.html missing): run npm run build`,
    );
  }
  if (!template.includes('<!--app-head-->')) {
    throw new WebBuildMissingError(`${webRoot}/index.html has no <!--app-head--> marker`);
  }
  let buildId = 'development';
  try {
    buildId = z
      .object({ id: z.string() })
      .parse(JSON.parse(readFileSync(path.join(webRoot, 'build.json'), 'utf8'))).id;
  } catch {
    // A development build has no manifest; the notice then never fires.
  }
  return { template, buildId };
}

export async function registerWeb(app: FastifyInstance, options: WebOptions) {
  const { template, buildId } = readWebBuild(options.webRoot);
  const origin = options.publicUrl.origin;

  const renderPage = (pathname: string, title: string, description: string) =>
    template.replace(
      '<!--app-head-->',
      [
        `<title>${escapeHtml(`${title} · ${options.siteName}`)}</title>`,
        `<meta name="description" content="${escapeHtml(description)}" />`,
        `<link rel="canonical" href="${escapeHtml(origin + pathname)}" />`,
      ].join('\n    '),
    );

  await app.register(fastifyStatic, {
    root: options.webRoot,
    wildcard: false,
    index: false,
    // Source maps are built for error reports, never served: they hold the whole source.
    allowedPath: (pathname) =>
      pathname !== '/index.html' && pathname !== '/build.json' && !pathname.endsWith('.map'),
    cacheControl: false,
    setHeaders(res, filePath) {
      const immutable = filePath.startsWith(path.join(options.webRoot, 'assets') + path.sep);
      res.setHeader(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/builds/latest.json',
    {
      schema: {
        tags: ['site'],
        summary: 'The id of the web build being served (open tabs poll it)',
        querystring: noQuery,
        response: { 200: z.object({ id: z.string() }) },
      },
    },
    (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { id: buildId };
    },
  );

  return function servePage(request: FastifyRequest, reply: FastifyReply) {
    const rawPath = request.url.split('?')[0] ?? '/';
    const decoded = decodeURIComponentSafe(rawPath);
    const route = decoded === undefined ? undefined : findSiteRoute(decoded);
    const html = route
      ? renderPage(rawPath, route.title, route.description)
      : renderPage(rawPath, 'Page Not Found', 'The page you asked for does not exist.');
    return reply
      .status(route ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(html);
  };
}

function decodeURIComponentSafe(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}
