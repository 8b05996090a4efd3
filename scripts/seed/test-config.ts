import type { DemoSite } from './site.js';

/**
 * The site settings the tests seed the demo with: a site at http://viewpoint.test whose mail
 * outbox and uploads are under `dataDir`, with no Stripe.
 */
export function demoTestConfig(dataDir: string, authSecret: string): DemoSite['config'] {
  return {
    publicUrl: new URL('http://viewpoint.test'),
    uploadQuotaBytes: 50 * 1024 * 1024,
    dataDir,
    siteName: 'Viewpoint',
    mailFrom: '"Viewpoint" <no-reply@viewpoint.test>',
    authSecret,
    stripe: undefined,
    donationCurrency: 'usd',
  };
}
