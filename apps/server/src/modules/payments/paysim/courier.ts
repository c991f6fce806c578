import http from 'node:http';
import https from 'node:https';

/** One notification's journey to the merchant: every attempt's HTTP status (0: no answer). */
export interface Delivery {
  eventId: string;
  /** PaySim's 'paid' or 'failed'; PayMongo's event type (checkout_session.payment.paid…). */
  status: string;
  attempts: number;
  answers: number[];
  delivered: boolean;
}

/** Sends `body` to `url` with retries; resolves when it was taken or given up. */
export type Courier = (
  url: string,
  body: string,
  headers: () => Record<string, string>,
  d: Delivery,
  delayMs?: number,
) => Promise<void>;

/**
 * POSTs JSON and resolves with the HTTP status (0 when nothing answered in time). A host named
 * `localhost` or `*.localhost` is reached on loopback with its name kept in the Host header, as browsers
 * do (RFC 6761): the demo's merchants live on such names and are told apart by them.
 */
export function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<number> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      resolve(0);
      return;
    }
    const name = target.hostname;
    const loopback = name === 'localhost' || name.endsWith('.localhost');
    const client = target.protocol === 'https:' ? https : http;
    const req = client.request(
      {
        method: 'POST',
        host: loopback ? '127.0.0.1' : name,
        port: target.port || undefined,
        path: `${target.pathname}${target.search}`,
        headers: {
          ...headers,
          host: target.host,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
        },
        timeout: timeoutMs,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
    req.end(body);
  });
}
