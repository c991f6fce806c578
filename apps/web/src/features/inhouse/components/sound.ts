import { storage } from '../../../lib/storage';

const KEY = 'inhouseSound';

/** Sound is off until the member turns it on (remembered on this device). */
export const soundOn = (): boolean => storage.get(KEY) === '1';
export const setSoundOn = (on: boolean): void => storage.set(KEY, on ? '1' : '0');

/** A short tone: higher for a win. Silent where Web Audio is missing. */
export function beep(win: boolean): void {
  const Ctx = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!Ctx) return;
  const ctx = new Ctx();
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.frequency.value = win ? 880 : 220;
  gain.gain.value = 0.05;
  osc.connect(gain).connect(ctx.destination);
  osc.start();
  osc.stop(ctx.currentTime + 0.15);
  osc.onended = () => void ctx.close();
}
