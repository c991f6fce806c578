import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { HUB88_WALLET_VENDOR } from '../game-wallet/game-wallet.seed';
import { privateKeyFromPem, publicKeyFromPem } from './hub88-signature';

/** Hub88's rules for its integer amounts: currency units × 100,000 (one centavo is 1,000). */
export const HUB88_UNITS_PER_MINOR = 1_000n;
/** The catalogue's vendor (vassalage) and the game wallet's vendor code of the integration. */
export const HUB88_VENDOR = HUB88_WALLET_VENDOR.code;
export const HUB88_DEFAULT_TOKEN_TTL_SECONDS = 28_800;

/** What the Hub88 integration runs with: read once at start (config.ts), or made up for the demo. */
export interface Hub88Setup {
  /** Hub88's operator API (game/list, game/url); in the demo, the simulator's, once it has started. */
  apiUrl: string | null;
  operatorId: number;
  /** Hub88's public key: every wallet call's signature is checked with it. */
  hub88PublicKey: KeyObject;
  /** Ours: signs our calls to Hub88. */
  privateKey: KeyObject;
  /** How long a launch's wallet token is good for bets. */
  tokenTtlMs: number;
  /** The demo only: the keys the simulator plays Hub88 with (Hub88's private half, our public half). */
  demo: { hub88PrivateKey: KeyObject; ourPublicKey: KeyObject } | null;
}

/** The HUB88_* settings (config.ts): both key files, the operator id and the API URL go together. */
export interface Hub88Settings {
  apiUrl: string;
  operatorId: number;
  publicKeyFile: string;
  privateKeyFile: string;
  tokenTtlSeconds: number;
}

/** The real integration from its settings: the keys are read (and checked) now, not on the first call. */
export function hub88FromSettings(s: Hub88Settings): Hub88Setup {
  return {
    apiUrl: s.apiUrl.replace(/\/+$/, ''),
    operatorId: s.operatorId,
    hub88PublicKey: publicKeyFromPem(readFileSync(s.publicKeyFile, 'utf8')),
    privateKey: privateKeyFromPem(readFileSync(s.privateKeyFile, 'utf8')),
    tokenTtlMs: s.tokenTtlSeconds * 1000,
    demo: null,
  };
}

let demo: Hub88Setup | undefined;

/**
 * The demo's Hub88 (HUB88_* unset): two key pairs made once per process, ours and the one the simulator
 * signs with as Hub88; the API URL is set when the simulator starts.
 */
export function demoHub88(): Hub88Setup {
  if (!demo) {
    const hub88 = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const ours = generateKeyPairSync('rsa', { modulusLength: 2048 });
    demo = {
      apiUrl: null,
      operatorId: 1,
      hub88PublicKey: hub88.publicKey,
      privateKey: ours.privateKey,
      tokenTtlMs: HUB88_DEFAULT_TOKEN_TTL_SECONDS * 1000,
      demo: { hub88PrivateKey: hub88.privateKey, ourPublicKey: ours.publicKey },
    };
  }
  return demo;
}

/** Hub88's `user`: the member's id, stable, at least 4 characters, nothing personal ("m000042"). */
export const hub88User = (memberId: bigint): string => `m${memberId.toString().padStart(6, '0')}`;

/** The member id of a Hub88 `user`, or null when it is not one of ours. */
export function memberOfHub88User(user: string): bigint | null {
  const m = /^m([0-9]{6,18})$/.exec(user);
  return m ? BigInt(m[1]!) : null;
}
