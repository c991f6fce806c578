import type { OpsAnnouncementText, OpsHelpItem, OpsPage, OpsServiceLink } from '@panalo/contract/content-ops';
import type { Database } from '../../db/database';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import { cleanTexts, siteLanguages } from './content-ops.service';
import { inTransaction } from '../../db/transaction';
import { helpOpsRepository } from './help-ops.repository';

type Device = OpsHelpItem['device'];
const notFound = () => new DomainError('content_not_found', 404, 'No such help entry');
const byLang = (texts: OpsAnnouncementText[] | string | null) =>
  (((typeof texts === 'string' ? JSON.parse(texts) : texts) as OpsAnnouncementText[] | null) ?? []).sort(
    (a, b) => a.lang.localeCompare(b.lang),
  );

/**
 * The operator's help centre and pages (issue 20 screen 6): the help entries the member site lists per
 * device, and the user agreement, each with a title and HTML per language of the site's (sanitised when
 * saved, again when read). A language left out of a save is removed. Every change is one transaction
 * with its audit entry (before → after, reason).
 */
export function helpOpsService(db: Database, clock: Clock) {
  const repo = helpOpsRepository(db);
  const helpView = (r: {
    id: number;
    device: string;
    sort: number;
    texts: OpsAnnouncementText[] | string | null;
  }) =>
    ({ id: r.id, device: r.device as Device, sort: r.sort, texts: byLang(r.texts) }) satisfies OpsHelpItem;

  async function lockedHelp(trx: Database, merchantId: number, id: number) {
    const tx = helpOpsRepository(trx);
    const locked = await tx.lockHelpItem(merchantId, id);
    if (!locked) throw notFound();
    return helpView(await tx.helpItem(merchantId, id));
  }

  const record = (
    trx: Database,
    o: {
      merchantId: number;
      staffId: bigint;
      action: string;
      target: string;
      details: Record<string, unknown>;
    },
  ) =>
    audit(trx, {
      merchantId: o.merchantId,
      actor: `operator:${o.staffId}`,
      action: o.action,
      target: o.target,
      details: o.details,
      at: clock.now(),
    });

  /** The customer-service links in the member site's order. */
  async function serviceLinksOf(
    merchantId: number,
    conn: Database = db,
  ): Promise<{ links: OpsServiceLink[] }> {
    const rows = await helpOpsRepository(conn).serviceLinks(merchantId);
    return {
      links: rows.map((r) => ({ type: r.type as OpsServiceLink['type'], title: r.title, url: r.url })),
    };
  }

  return {
    async help(merchantId: number, device: Device) {
      const [rows, languages] = await Promise.all([
        repo.helpItems(merchantId, device),
        siteLanguages(db, merchantId),
      ]);
      return { list: rows.map(helpView), languages };
    },

    async createHelp(
      merchantId: number,
      staffId: bigint,
      h: { device: Device; sort: number; texts: OpsAnnouncementText[]; reason: string },
    ): Promise<OpsHelpItem> {
      const texts = await cleanTexts(db, merchantId, h.texts);
      return inTransaction(db, 'help-ops.service.createHelp', async (trx) => {
        const tx = helpOpsRepository(trx);
        const id = await tx.insertHelpItem(merchantId, h.device, h.sort);
        await tx.replaceHelpTexts(merchantId, id, texts);
        const after = { id, device: h.device, sort: h.sort, texts };
        await record(trx, {
          merchantId,
          staffId,
          action: 'content.help.create',
          target: `help_item:${id}`,
          details: { after, reason: h.reason },
        });
        return after;
      });
    },

    async updateHelp(
      merchantId: number,
      staffId: bigint,
      id: number,
      h: { device: Device; sort: number; texts: OpsAnnouncementText[]; reason: string },
    ): Promise<OpsHelpItem> {
      const texts = await cleanTexts(db, merchantId, h.texts);
      return inTransaction(db, 'help-ops.service.updateHelp', async (trx) => {
        const before = await lockedHelp(trx, merchantId, id);
        const tx = helpOpsRepository(trx);
        await tx.updateHelpItem(merchantId, id, h.device, h.sort);
        await tx.replaceHelpTexts(merchantId, id, texts);
        const after = { id, device: h.device, sort: h.sort, texts };
        await record(trx, {
          merchantId,
          staffId,
          action: 'content.help.update',
          target: `help_item:${id}`,
          details: { before, after, reason: h.reason },
        });
        return after;
      });
    },

    async deleteHelp(merchantId: number, staffId: bigint, id: number, reason: string): Promise<void> {
      await inTransaction(db, 'help-ops.service.deleteHelp', async (trx) => {
        const before = await lockedHelp(trx, merchantId, id);
        await helpOpsRepository(trx).deleteHelpItem(merchantId, id);
        await record(trx, {
          merchantId,
          staffId,
          action: 'content.help.delete',
          target: `help_item:${id}`,
          details: { before, reason },
        });
      });
    },

    /** The site's pages: every known slug, with the texts it has (none yet: an empty list). */
    async pages(merchantId: number, slugs: readonly string[]) {
      const [rows, languages] = await Promise.all([
        repo.pageTexts(merchantId),
        siteLanguages(db, merchantId),
      ]);
      const list: OpsPage[] = slugs.map((slug) => ({
        slug,
        texts: byLang(
          rows.filter((r) => r.slug === slug).map(({ lang, title, content }) => ({ lang, title, content })),
        ),
      }));
      return { list, languages };
    },

    async savePage(
      merchantId: number,
      staffId: bigint,
      slug: string,
      p: { texts: OpsAnnouncementText[]; reason: string },
    ): Promise<OpsPage> {
      const texts = await cleanTexts(db, merchantId, p.texts);
      return inTransaction(db, 'help-ops.service.savePage', async (trx) => {
        const tx = helpOpsRepository(trx);
        // The merchant's row orders two saves of one page (a page has no row of its own to lock).
        await tx.lockMerchantRow(merchantId);
        const before = await tx.textsOfPage(merchantId, slug);
        await tx.replacePageTexts(merchantId, slug, texts);
        await record(trx, {
          merchantId,
          staffId,
          action: 'content.page.update',
          target: `content_page:${slug}`,
          details: { before: byLang(before), after: texts, reason: p.reason },
        });
        return { slug, texts: byLang(texts) };
      });
    },

    serviceLinks: (merchantId: number) => serviceLinksOf(merchantId),

    /** Replaces the customer-service links (their order is the list's), before → after audited. */
    async saveServiceLinks(merchantId: number, staffId: bigint, links: OpsServiceLink[], reason: string) {
      return inTransaction(db, 'help-ops.service.saveServiceLinks', async (trx) => {
        const tx = helpOpsRepository(trx);
        await tx.lockMerchantRow(merchantId);
        const before = await serviceLinksOf(merchantId, trx);
        await tx.replaceServiceLinks(merchantId, links);
        await record(trx, {
          merchantId,
          staffId,
          action: 'content.service_links',
          target: `merchant:${merchantId}`,
          details: { before: before.links, after: links, reason },
        });
        return { links };
      });
    },
  };
}
