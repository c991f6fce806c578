import { z } from 'zod';
import { ok } from './common';
import { contentType, helpQuery, pageParams } from './content';
import { theme, WHITELABEL_FLAGS, whitelabelFlag } from './merchant';
import { customerServiceType } from './startup';

// The console's content and site screens (issue 20 screens 6 and 8): a merchant's announcements per
// language (HTML sanitised when saved), and its white-label flags.

export const OPS_ANNOUNCEMENTS_PATH = '/ops/content/announcements';
export const OPS_HELP_PATH = '/ops/content/help';
/** POST multipart/form-data: an announcement's picture (field `images`, one png or jpg) and `reason`. */
export const OPS_ANNOUNCEMENT_IMAGE_PATH = '/ops/content/announcements/:id/image';
/** GET: an uploaded announcement picture (public, like any banner on a CDN: its name is random). */
export const BANNER_IMAGE_PATH = '/content/banner-images/:file';
export const BANNER_LIMITS = {
  maxImages: 1,
  maxImageBytes: 5 * 1024 * 1024,
  imageTypes: ['image/png', 'image/jpeg'] as ('image/png' | 'image/jpeg')[],
  /** The longest side, in pixels. */
  maxSide: 4096,
};
export const bannerImageParams = z.object({ file: z.string().regex(/^[0-9a-f-]{36}\.(png|jpg)$/) });
export const OPS_PAGES_PATH = '/ops/content/pages';
/** GET the customer-service links (chat, Telegram, Facebook); PUT the whole list. */
export const OPS_SERVICE_LINKS_PATH = '/ops/content/service-links';
export const OPS_SITE_PATH = '/ops/site';
export const OPS_SITE_FLAGS_PATH = '/ops/site/flags';

/** No control characters but tab and line breaks (NUL among them: PostgreSQL cannot store it). */
export const noControl = (s: string) =>
  ![...s].some((c) => {
    const n = c.charCodeAt(0);
    return (n < 0x20 && n !== 0x09 && n !== 0x0a && n !== 0x0d) || n === 0x7f;
  });
const reason = z.string().trim().min(3).max(200).refine(noControl);

export const opsAnnouncementText = z.object({
  /** A language code of the merchant's (EN, TY…). */
  lang: z.string().regex(/^[A-Z]{2}(_[A-Z]{2})?$/),
  title: z.string().trim().min(1).max(200).refine(noControl),
  /** HTML; sanitised by the server before it is stored. */
  content: z.string().max(20_000).refine(noControl),
});
export type OpsAnnouncementText = z.infer<typeof opsAnnouncementText>;

const when = z.iso.datetime({ offset: true }).nullable();

export const opsAnnouncement = z.object({
  id: z.number().int(),
  type: contentType,
  groupName: z.string(),
  platform: z.string(),
  sort: z.number().int(),
  linkUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** Shown on the member site now (started, not ended). */
  live: z.boolean(),
  texts: z.array(opsAnnouncementText),
});
export type OpsAnnouncement = z.infer<typeof opsAnnouncement>;

export const opsAnnouncementsQuery = z.object({
  type: contentType.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const opsAnnouncementsResponse = ok(
  z.object({
    list: z.array(opsAnnouncement),
    total: z.number().int(),
    totalPages: z.number().int(),
    /** The merchant's languages, its default first: the editor's tabs. */
    languages: z.array(z.string()),
  }),
);

/** Saving an announcement: every language's text (the ones left out are removed), and when it shows. */
export const opsAnnouncementSave = z.object({
  texts: z.array(opsAnnouncementText).min(1).max(20),
  linkUrl: z.string().trim().max(500).refine(noControl).nullable().default(null),
  sort: z.number().int().min(0).max(10_000).default(0),
  startsAt: when.default(null),
  endsAt: when.default(null),
  reason,
});
export type OpsAnnouncementSave = z.input<typeof opsAnnouncementSave>;
export const opsAnnouncementCreate = opsAnnouncementSave.extend({
  type: contentType,
  groupName: z.string().regex(/^[a-z_]{1,32}$/),
  platform: z.enum(['ALL', 'M', 'W']).default('ALL'),
});
export const opsAnnouncementParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
export const opsAnnouncementResponse = ok(opsAnnouncement);

/** The site's switches: every white-label flag with its value. */
export const opsSite = z.object({
  flags: z.array(z.object({ flag: whitelabelFlag, on: z.boolean() })),
  languages: z.array(z.string()),
  defaultLanguage: z.string(),
  /** The colours and logo the member site shows now. */
  theme,
});
export type OpsSite = z.infer<typeof opsSite>;
export const opsSiteResponse = ok(opsSite);
export const opsSiteFlagsRequest = z.object({
  /** The flags to change; the others keep their values. */
  flags: z.partialRecord(whitelabelFlag, z.boolean()).refine((f) => Object.keys(f).length > 0),
  reason,
});
export { WHITELABEL_FLAGS };

// The help centre's entries (per device: the mobile site's and the desktop site's) and the site's pages
// (the user agreement), each per language; HTML sanitised when saved.
const helpDevice = helpQuery.shape.device.unwrap();
export const opsHelpItem = z.object({
  id: z.number().int(),
  device: helpDevice,
  sort: z.number().int(),
  texts: z.array(opsAnnouncementText),
});
export type OpsHelpItem = z.infer<typeof opsHelpItem>;
export const opsHelpQuery = z.object({ device: helpDevice.default('MOBILE') });
export const opsHelpResponse = ok(z.object({ list: z.array(opsHelpItem), languages: z.array(z.string()) }));
export const opsHelpSave = z.object({
  device: helpDevice,
  sort: z.number().int().min(0).max(10_000).default(0),
  texts: z.array(opsAnnouncementText).min(1).max(20),
  reason,
});
export type OpsHelpSave = z.input<typeof opsHelpSave>;
export const opsHelpItemResponse = ok(opsHelpItem);
export const opsReasonRequest = z.object({ reason });
export const opsPage = z.object({ slug: z.string(), texts: z.array(opsAnnouncementText) });
export type OpsPage = z.infer<typeof opsPage>;
export const opsPagesResponse = ok(z.object({ list: z.array(opsPage), languages: z.array(z.string()) }));
export const opsPageParams = pageParams;
export const opsPageSave = z.object({ texts: z.array(opsAnnouncementText).min(1).max(20), reason });
export const opsPageResponse = ok(opsPage);

/** A customer-service link as the member site offers it: a chat, Telegram or Facebook address. */
export const opsServiceLink = z.object({
  type: customerServiceType,
  title: z.string().trim().min(1).max(60).refine(noControl),
  /** https (or http) only: the member site opens it in a new tab. */
  url: z
    .string()
    .trim()
    .max(500)
    .regex(/^https?:\/\/[^\s]+$/),
});
export type OpsServiceLink = z.infer<typeof opsServiceLink>;
export const opsServiceLinksResponse = ok(z.object({ links: z.array(opsServiceLink) }));
export const opsServiceLinksSave = z.object({ links: z.array(opsServiceLink).max(20), reason });
