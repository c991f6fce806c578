// Zod-free member profile rules (issue 19 item 5, /m/member/home), shared by the server and the web.

export { PROFILE_ROUTE } from './site-routes';

export const PROFILE_API = {
  /** GET: where my head icon is served (a path), or null; POST (form-encoded): a new one. */
  headIcon: '/members/head-icon',
  /** GET (no session: the name is unguessable): a head icon's picture. */
  headIconFile: '/head-icons/:file',
  /** GET: my personal info; PUT: change its contact fields. */
  personalInfo: '/members/personal-info',
  /** POST: change my nickname (shown in the header instead of the account). */
  nickname: '/members/nickname',
} as const;

/** A head icon (spec: png, jpg or webp of at most 2 MB); the client crops it square to SIDE pixels. */
export const HEAD_ICON = {
  maxBytes: 2 * 1024 * 1024,
  types: ['image/png', 'image/jpeg', 'image/webp'] as const,
  /** The square side the client sends after cropping. */
  side: 256,
  /** The largest side the server accepts. */
  maxSide: 1024,
} as const;

/** The form field of the head icon POST: the picture as a data URL (data:image/…;base64,…). */
export const HEAD_ICON_FIELD = 'headIcon';

/** The personal-info fields a member may change here (mobile, e-mail and payee name are bound in security). */
export const PERSONAL_FIELDS = ['qqNum', 'facebook', 'wechat', 'line', 'whatsapp', 'zalo'] as const;
export type PersonalField = (typeof PERSONAL_FIELDS)[number];

export const NICKNAME_MAX = 32;
