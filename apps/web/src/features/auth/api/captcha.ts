import { apiGet } from '../../../lib/api';
import { deviceId } from '../../../lib/sealed-request';

/**
 * GET /api/auth/captcha (API-019): a base64 PNG in value. The answer is bound to this browser's Device
 * header, the same one the sealed login and register send.
 */
export const getCaptcha = () => apiGet<string>('/auth/captcha', { headers: { device: deviceId() } });

/** The image source for the captcha string. */
export const captchaSrc = (base64: string) => `data:image/png;base64,${base64}`;
