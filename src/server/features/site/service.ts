import { z } from 'zod';
import type { Db } from '../../platform/db/database.js';
import { readSettings, writeSetting } from './repo.js';
import { recordAudit, type AuditActor } from '../../core/audit.js';
import { createMemo } from '../../core/memo.js';
import type { DbOrTx } from '../../core/transaction.js';
import type { Bus } from '../../platform/bus/bus.js';

export const defaultSiteDescription =
  'A community for film reviews and viewpoints: write about what you watched, argue kindly, find your next favourite.';

export const siteInfoSchema = z.object({
  name: z.string(),
  description: z.string(),
  /** Admins and moderators must have a second factor on before any staff page or action. */
  staffSecondFactor: z.boolean(),
});

export type SiteInfo = z.infer<typeof siteInfoSchema>;

const nameKey = 'site.name';
const descriptionKey = 'site.description';
const staffSecondFactorKey = 'site.staff-second-factor';

/**
 * The site's public identity: the name and description an admin stored, else the name from
 * SITE_NAME and the default description.
 */
export async function getSiteInfo(db: DbOrTx, siteName: string): Promise<SiteInfo> {
  const settings = await readSettings(db, [nameKey, descriptionKey, staffSecondFactorKey]);
  const name = z.string().min(1).safeParse(settings.get(nameKey));
  const description = z.string().safeParse(settings.get(descriptionKey));
  return {
    name: name.success ? name.data : siteName,
    description: description.success ? description.data : defaultSiteDescription,
    staffSecondFactor: settings.get(staffSecondFactorKey) === true,
  };
}

/**
 * An admin renames or redescribes the site, or asks staff for a second factor; the audit log
 * keeps what it was before.
 */
export async function updateSiteInfo(
  db: Db,
  options: { actor: AuditActor; siteName: string; next: SiteInfo },
): Promise<SiteInfo> {
  return db.transaction(async (tx) => {
    const before = await getSiteInfo(tx, options.siteName);
    await writeSetting(tx, nameKey, options.next.name);
    await writeSetting(tx, descriptionKey, options.next.description);
    await writeSetting(tx, staffSecondFactorKey, options.next.staffSecondFactor);
    await recordAudit(tx, {
      actor: options.actor,
      action: 'site.update',
      target: { type: 'site', id: 'site', label: options.next.name },
      before,
      after: options.next,
    });
    return options.next;
  });
}

/**
 * The site's identity as every page reads it: from memory, read again only after an admin
 * changed it (here or, through the bus, in another process).
 */
/** `namespace`: of the change messages, for test apps sharing one Redis. */
export function createSiteInfoStore(options: {
  db: Db;
  bus: Bus;
  namespace: string;
  siteName: string;
  /** The other processes could not be told of a change; they read it within a minute. */
  onUnsent?: (error: unknown) => void;
}) {
  const { db, siteName } = options;
  const memo = createMemo({
    bus: options.bus,
    channel: `${options.namespace}site:info-changed`,
    read: () => getSiteInfo(db, siteName),
    ...(options.onUnsent ? { onUnsent: options.onUnsent } : {}),
  });
  return {
    get: () => memo.get(),
    /** `staffSecondFactor` left out keeps what the site has. */
    async update(
      actor: AuditActor,
      change: Omit<SiteInfo, 'staffSecondFactor'> & { staffSecondFactor?: boolean | undefined },
    ): Promise<SiteInfo> {
      const next = {
        ...change,
        staffSecondFactor: change.staffSecondFactor ?? (await memo.get()).staffSecondFactor,
      };
      const saved = await updateSiteInfo(db, { actor, siteName, next });
      await memo.forget();
      return saved;
    },
    close: () => memo.close(),
  };
}

export type SiteInfoStore = ReturnType<typeof createSiteInfoStore>;
