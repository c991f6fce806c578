import {
  WHITELABEL_FLAGS,
  type OpsAnnouncement,
  type OpsAnnouncementText,
  type OpsSite,
} from '@panalo/contract/content-ops';
import type { ContentType } from '@panalo/contract/content';
import type { Theme, Whitelabel, WhitelabelFlag } from '@panalo/contract/merchant';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { audit } from '../../lib/audit';
import { DomainError } from '../../lib/domain-error';
import type { FileStore } from '../../lib/file-store';
import type { FormImage } from '../../lib/image-form';
import { withStoredImages } from '../../lib/image-form';
import { sanitizeContentHtml } from '../../lib/sanitize';
import { BANNER_IMAGE_PATH } from '@panalo/contract/content-ops';
import { inTransaction } from '../../db/transaction';
import { checkFigures } from '../promotions/promotion-figures';
import { contentOpsRepository } from './content-ops.repository';

export interface AnnouncementInput {
  texts: OpsAnnouncementText[];
  linkUrl: string | null;
  sort: number;
  startsAt: string | null;
  endsAt: string | null;
}

type Row = {
  id: number;
  type: string;
  group_name: string;
  platform: string;
  sort: number;
  link_url: string | null;
  image_url: string | null;
  starts_at: Date | null;
  ends_at: Date | null;
  texts: OpsAnnouncementText[] | string | null;
};

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function toAnnouncement(r: Row, now: Date): OpsAnnouncement {
  const texts = (typeof r.texts === 'string' ? JSON.parse(r.texts) : r.texts) as OpsAnnouncementText[] | null;
  const starts = r.starts_at ? new Date(r.starts_at) : null;
  const ends = r.ends_at ? new Date(r.ends_at) : null;
  return {
    id: r.id,
    type: r.type as ContentType,
    groupName: r.group_name,
    platform: r.platform,
    sort: r.sort,
    linkUrl: r.link_url,
    imageUrl: r.image_url,
    startsAt: iso(starts),
    endsAt: iso(ends),
    live: (!starts || starts <= now) && (!ends || ends > now),
    texts: (texts ?? []).sort((a, b) => a.lang.localeCompare(b.lang)),
  };
}

/** The merchant's languages, its default first (the editors' tabs). */
export async function siteLanguages(db: Database, merchantId: number): Promise<string[]> {
  const m = await contentOpsRepository(db).languages(merchantId);
  const langs = (typeof m.languages === 'string' ? JSON.parse(m.languages) : m.languages) as string[];
  return [m.default_language, ...langs.filter((l) => l !== m.default_language)];
}

/** One text per language, each a language of the merchant's, any promotion figure it names known; HTML sanitised. */
export async function cleanTexts(db: Database, merchantId: number, texts: OpsAnnouncementText[]) {
  const langs = new Set(await siteLanguages(db, merchantId));
  const seen = new Set<string>();
  for (const t of texts) {
    if (!langs.has(t.lang) || seen.has(t.lang))
      throw new DomainError('content_language', 400, 'A language the site does not offer, or twice');
    seen.add(t.lang);
  }
  await checkFigures(
    db,
    merchantId,
    texts.flatMap((t) => [t.title, t.content]),
  );
  return texts.map((t) => ({ lang: t.lang, title: t.title, content: sanitizeContentHtml(t.content) }));
}

/**
 * The operator's content and site switches (issue 20 screens 6 and 8). Every change is one transaction
 * with its audit entry (before → after, reason); announcement HTML is sanitised here, before it is
 * stored, and again whenever the member site reads it.
 */
export function contentOpsService(db: Database, clock: Clock, files?: FileStore) {
  const languagesOf = (merchantId: number) => siteLanguages(db, merchantId);

  const checkWindow = (a: AnnouncementInput) => {
    if (a.startsAt && a.endsAt && Date.parse(a.endsAt) <= Date.parse(a.startsAt))
      throw new DomainError('content_window', 400, 'It must end after it starts');
  };

  const repo = contentOpsRepository(db);

  const readOne = async (merchantId: number, id: number, conn: Database = db) => {
    const row = await contentOpsRepository(conn).announcement(merchantId, id);
    if (!row) throw new DomainError('content_not_found', 404, 'No such announcement');
    return toAnnouncement(row, clock.now());
  };

  return {
    async list(merchantId: number, q: { type?: ContentType | undefined; page: number; pageSize: number }) {
      const [rows, count, languages] = await Promise.all([
        repo.announcementPage(merchantId, q.type, q.pageSize, (q.page - 1) * q.pageSize),
        repo.countAnnouncements(merchantId, q.type),
        languagesOf(merchantId),
      ]);
      const total = Number(count.n);
      const now = clock.now();
      return {
        list: rows.map((r) => toAnnouncement(r, now)),
        total,
        totalPages: Math.ceil(total / q.pageSize),
        languages,
      };
    },

    async create(
      merchantId: number,
      operatorId: bigint,
      a: AnnouncementInput & { type: ContentType; groupName: string; platform: string; reason: string },
    ): Promise<OpsAnnouncement> {
      checkWindow(a);
      const texts = await cleanTexts(db, merchantId, a.texts);
      const id = await inTransaction(db, 'content-ops.service.create', async (trx) => {
        const tx = contentOpsRepository(trx);
        const newId = await tx.insertAnnouncement({
          merchant_id: merchantId,
          type: a.type,
          group_name: a.groupName,
          platform: a.platform,
          sort: a.sort,
          link_url: a.linkUrl,
          image_url: null,
          starts_at: a.startsAt ? new Date(a.startsAt) : null,
          ends_at: a.endsAt ? new Date(a.endsAt) : null,
          created_at: clock.now(),
        });
        await tx.replaceAnnouncementTexts(merchantId, newId, texts);
        await audit(trx, {
          merchantId,
          actor: `operator:${operatorId}`,
          action: 'content.announcement.create',
          target: `announcement:${newId}`,
          details: { after: { ...a, texts, reason: undefined }, reason: a.reason },
          at: clock.now(),
        });
        return newId;
      });
      return readOne(merchantId, id);
    },

    async update(
      merchantId: number,
      operatorId: bigint,
      id: number,
      a: AnnouncementInput & { reason: string },
    ): Promise<OpsAnnouncement> {
      checkWindow(a);
      const texts = await cleanTexts(db, merchantId, a.texts);
      await inTransaction(db, 'content-ops.service.update', async (trx) => {
        const tx = contentOpsRepository(trx);
        const locked = await tx.lockAnnouncement(merchantId, id);
        if (!locked) throw new DomainError('content_not_found', 404, 'No such announcement');
        const before = await readOne(merchantId, id, trx);
        await tx.updateAnnouncement(merchantId, id, {
          sort: a.sort,
          linkUrl: a.linkUrl,
          startsAt: a.startsAt ? new Date(a.startsAt) : null,
          endsAt: a.endsAt ? new Date(a.endsAt) : null,
        });
        await tx.replaceAnnouncementTexts(merchantId, id, texts);
        await audit(trx, {
          merchantId,
          actor: `operator:${operatorId}`,
          action: 'content.announcement.update',
          target: `announcement:${id}`,
          details: {
            before: {
              texts: before.texts,
              linkUrl: before.linkUrl,
              sort: before.sort,
              startsAt: before.startsAt,
              endsAt: before.endsAt,
            },
            after: { texts, linkUrl: a.linkUrl, sort: a.sort, startsAt: a.startsAt, endsAt: a.endsAt },
            reason: a.reason,
          },
          at: clock.now(),
        });
      });
      return readOne(merchantId, id);
    },

    /**
     * Replaces an announcement's picture: the file is stored first, then the row names it in a
     * transaction with its audit entry (a refusal removes the file again); the uploaded picture it
     * replaces is removed once the new one is committed (seeded pictures are the site's own files).
     */
    async setImage(
      merchantId: number,
      operatorId: bigint,
      id: number,
      image: FormImage,
      reason: string,
    ): Promise<OpsAnnouncement> {
      if (!files) throw new Error('contentOpsService: no file store');
      const prefix = `/api${BANNER_IMAGE_PATH.replace(':file', '')}`;
      const replaced = await withStoredImages(files, 'banners', [image], async ([key]) =>
        inTransaction(db, 'content-ops.service.setImage', async (trx) => {
          const tx = contentOpsRepository(trx);
          const row = await tx.lockAnnouncementImage(merchantId, id);
          if (!row) throw new DomainError('content_not_found', 404, 'No such announcement');
          const url = prefix + key!.slice('banners/'.length);
          await tx.setAnnouncementImage(merchantId, id, url);
          await audit(trx, {
            merchantId,
            actor: `operator:${operatorId}`,
            action: 'content.announcement.image',
            target: `announcement:${id}`,
            details: { before: row.image_url, after: url, reason },
            at: clock.now(),
          });
          return row.image_url;
        }),
      );
      if (replaced?.startsWith(prefix))
        await files.remove(`banners/${replaced.slice(prefix.length)}`).catch(() => undefined);
      return readOne(merchantId, id);
    },

    async site(merchantId: number): Promise<OpsSite> {
      const m = await repo.site(merchantId);
      const flags = (
        typeof m.whitelabel === 'string' ? JSON.parse(m.whitelabel) : m.whitelabel
      ) as Whitelabel;
      return {
        flags: WHITELABEL_FLAGS.map((flag) => ({ flag, on: flags[flag] === true })),
        languages: await languagesOf(merchantId),
        defaultLanguage: m.default_language,
        theme: (typeof m.theme === 'string' ? JSON.parse(m.theme) : m.theme) as Theme,
      };
    },

    async setFlags(
      merchantId: number,
      operatorId: bigint,
      change: Partial<Record<WhitelabelFlag, boolean>>,
      reason: string,
    ): Promise<OpsSite> {
      await inTransaction(db, 'content-ops.service.setFlags', async (trx) => {
        const tx = contentOpsRepository(trx);
        const row = await tx.lockWhitelabel(merchantId);
        const before = (
          typeof row.whitelabel === 'string' ? JSON.parse(row.whitelabel) : row.whitelabel
        ) as Whitelabel;
        const after: Whitelabel = { ...before, ...change };
        await tx.setWhitelabel(merchantId, JSON.stringify(after));
        const changed = Object.fromEntries(
          Object.entries(change).filter(([k, v]) => (before[k as WhitelabelFlag] === true) !== v),
        );
        await audit(trx, {
          merchantId,
          actor: `operator:${operatorId}`,
          action: 'site.flags',
          target: `merchant:${merchantId}`,
          details: {
            before: Object.fromEntries(
              Object.keys(changed).map((k) => [k, before[k as WhitelabelFlag] === true]),
            ),
            after: changed,
            reason,
          },
          at: clock.now(),
        });
      });
      return this.site(merchantId);
    },
  };
}
