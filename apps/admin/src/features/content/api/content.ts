import type { z } from 'zod';
import type {
  OpsAnnouncement,
  OpsAnnouncementSave,
  opsAnnouncementCreate,
  opsAnnouncementsResponse,
  OpsHelpItem,
  opsHelpResponse,
  OpsHelpSave,
  OpsPage,
  opsPageSave,
  opsPagesResponse,
  opsReasonRequest,
  opsServiceLinksResponse,
  opsServiceLinksSave,
} from '@panalo/contract/content-ops';
import { api } from '../../../lib/api';

export type AnnouncementPage = z.infer<typeof opsAnnouncementsResponse>['value'];
export type AnnouncementCreate = z.input<typeof opsAnnouncementCreate>;
export type HelpList = z.infer<typeof opsHelpResponse>['value'];
export type PageList = z.infer<typeof opsPagesResponse>['value'];
export type PageSave = z.input<typeof opsPageSave>;
export type ServiceLinks = z.infer<typeof opsServiceLinksResponse>['value'];
export type ServiceLinksSave = z.input<typeof opsServiceLinksSave>;
type ReasonRequest = z.input<typeof opsReasonRequest>;
export type HelpDevice = OpsHelpItem['device'];

export const ANNOUNCEMENT_PAGE_SIZE = 20;

/** Announcements of one type ('all': every type), with the merchant's languages. */
export const listAnnouncements = (page: number, type: string) =>
  api<AnnouncementPage>('GET', '/ops/content/announcements', {
    query: { page, pageSize: ANNOUNCEMENT_PAGE_SIZE, type: type === 'all' ? undefined : type },
  });

export const createAnnouncement = (body: AnnouncementCreate) =>
  api<OpsAnnouncement>('POST', '/ops/content/announcements', { body });

export const updateAnnouncement = (id: number, body: OpsAnnouncementSave) =>
  api<OpsAnnouncement>('PUT', `/ops/content/announcements/${id}`, { body });

/** An announcement's picture (one png or jpg) with the reason: multipart, the answer is the announcement. */
export const uploadAnnouncementImage = (id: number, reason: string, file: File) => {
  const form = new FormData();
  form.append('reason', reason);
  form.append('images', file);
  return api<OpsAnnouncement>('POST', `/ops/content/announcements/${id}/image`, { body: form });
};

export const listHelp = (device: HelpDevice) =>
  api<HelpList>('GET', '/ops/content/help', { query: { device } });

export const createHelp = (body: OpsHelpSave) => api<OpsHelpItem>('POST', '/ops/content/help', { body });

export const updateHelp = (id: number, body: OpsHelpSave) =>
  api<OpsHelpItem>('PUT', `/ops/content/help/${id}`, { body });

export const removeHelp = (id: number, body: ReasonRequest) =>
  api('DELETE', `/ops/content/help/${id}`, { body });

export const listPages = () => api<PageList>('GET', '/ops/content/pages');

export const savePage = (slug: string, body: PageSave) =>
  api<OpsPage>('PUT', `/ops/content/pages/${slug}`, { body });

export const listServiceLinks = () => api<ServiceLinks>('GET', '/ops/content/service-links');

/** The whole list at once; the answer is the list as saved. */
export const saveServiceLinks = (body: ServiceLinksSave) =>
  api<ServiceLinks>('PUT', '/ops/content/service-links', { body });
