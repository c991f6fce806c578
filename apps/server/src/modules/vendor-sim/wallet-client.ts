import { createHmac } from 'node:crypto';

export type WalletCallback = 'authenticate' | 'balance' | 'bet' | 'win' | 'rollback' | 'end';

/** What the operator answered; status 0 when it did not answer at all (network, timeout). */
export interface WalletAnswer {
  status: number;
  ok: boolean;
  code: string | null;
  balance: string | null;
  currency: string | null;
  username: string | null;
  nickname: string | null;
}

interface AnswerBody {
  success?: boolean;
  code?: string;
  value?: { balance?: string; currency?: string; username?: string; nickname?: string | null };
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * The simulator's side of the seamless wallet: JSON bodies signed with HMAC-SHA256 of the exact bytes
 * (X-Signature), sent to the operator's callback URL with its merchant named in the Merchant header.
 */
export function walletClient(o: {
  apiBaseUrl: string;
  vendorCode: string;
  secretFor: (merchant: string) => Promise<string | undefined>;
  timeoutMs?: number;
}) {
  const base = o.apiBaseUrl.replace(/\/+$/, '');
  async function call(merchant: string, callback: WalletCallback, body: Record<string, unknown>) {
    const secret = await o.secretFor(merchant);
    const none: WalletAnswer = {
      status: 0,
      ok: false,
      code: 'unknown_merchant',
      balance: null,
      currency: null,
      username: null,
      nickname: null,
    };
    if (!secret) return { ...none, status: 404 };
    const raw = JSON.stringify(body);
    try {
      const res = await fetch(`${base}/api/game-wallet/${o.vendorCode}/${callback}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          merchant,
          'x-signature': createHmac('sha256', secret).update(raw).digest('hex'),
        },
        body: raw,
        signal: AbortSignal.timeout(o.timeoutMs ?? 5000),
      });
      const json = (await res.json().catch(() => ({}))) as AnswerBody;
      return {
        status: res.status,
        ok: res.ok && json.success === true,
        code: json.code ?? null,
        balance: json.value?.balance ?? null,
        currency: json.value?.currency ?? null,
        username: json.value?.username ?? null,
        nickname: json.value?.nickname ?? null,
      } satisfies WalletAnswer;
    } catch {
      return { ...none, code: 'unavailable' };
    }
  }
  return {
    call,
    /**
     * A call that must land (a win, an end, a rollback): repeated with the same txId while the operator
     * does not answer or fails inside (0 or 5xx); the wallet answers a repeat as it did the first time.
     */
    async deliver(merchant: string, callback: WalletCallback, body: Record<string, unknown>, attempts = 4) {
      let a = await call(merchant, callback, body);
      for (let i = 1; i < attempts && (a.status === 0 || a.status >= 500); i++) {
        await sleep(100 * 2 ** i);
        a = await call(merchant, callback, body);
      }
      return a;
    },
  };
}
