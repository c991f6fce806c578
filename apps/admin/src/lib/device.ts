const DEVICE_KEY = 'panalo.console.device';

/** This browser's device id (the Device header: captchas are bound to it), kept across sign-ins. */
export function deviceId(): string {
  let id = localStorage.getItem(DEVICE_KEY);
  if (!id || !/^[A-Za-z0-9_-]{8,64}$/.test(id)) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    id = `c${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
    localStorage.setItem(DEVICE_KEY, id);
  }
  return id;
}
