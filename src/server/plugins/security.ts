import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers. The CSP is strict: our own scripts only (the colour-scheme script is a file,
 * not inline), inline styles allowed because Mantine sets CSS variables at run time.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only makes sense when the public address is https.
    strictTransportSecurity: options.https ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
}
