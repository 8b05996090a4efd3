import { describe, expect, it } from 'vitest';
import { emailSchema } from '../../src/shared/accounts.js';
import { mailDomain } from './members.js';

describe("the demo accounts' e-mail domain", () => {
  it('is the site’s own domain, or example.com wherever the sign-in would refuse the address', () => {
    const cases = {
      'https://films.example.org': 'films.example.org',
      'http://localhost:3000': 'example.com',
      'http://127.0.0.1:3100': 'example.com',
      'http://[::1]:3000': 'example.com',
      'http://viewpoint:3000': 'example.com',
    };
    for (const [url, domain] of Object.entries(cases)) {
      const host = mailDomain(new URL(url));
      expect(host, url).toBe(domain);
      expect(emailSchema.safeParse(`critic@${host}`).success, url).toBe(true);
    }
  });
});
