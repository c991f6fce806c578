// Byte sources for FairRng. Play always uses HmacStream; simulations use CtrStream, a seeded CSPRNG that is
// much faster per byte but feeds the very same FairRng and game code, so the maths under test is the
// code path players get.
import { createCipheriv, createHash, createHmac } from 'node:crypto';
import { isClientSeed, isServerSeed } from './seeds';

export interface ByteSource {
  /** The next chunk of the stream; never empty. */
  nextBlock(): Uint8Array;
}

/** Outcome bytes = HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:${cursor}`), cursor 0, 1, 2… per 32 bytes. */
export class HmacStream implements ByteSource {
  private readonly key: Buffer;
  private cursor = 0;

  constructor(
    serverSeed: string,
    private readonly clientSeed: string,
    private readonly nonce: number,
  ) {
    if (!isServerSeed(serverSeed)) throw new Error('server seed must be 64 lowercase hex characters');
    if (!isClientSeed(clientSeed))
      throw new Error('client seed must be 1-64 printable characters without ":"');
    if (!Number.isSafeInteger(nonce) || nonce < 0) throw new Error('nonce must be a non-negative integer');
    this.key = Buffer.from(serverSeed, 'hex');
  }

  nextBlock(): Uint8Array {
    const block = createHmac('sha256', this.key)
      .update(`${this.clientSeed}:${this.nonce}:${this.cursor}`)
      .digest();
    this.cursor += 1;
    return block;
  }

  /** How many HMAC blocks the round consumed (shown on the verification page). */
  get blocksUsed(): number {
    return this.cursor;
  }
}

const CTR_CHUNK = 64 * 1024;

/** AES-256-CTR keystream keyed by SHA-256(seed): a reproducible CSPRNG for RTP simulations only. */
export class CtrStream implements ByteSource {
  private readonly cipher;
  private readonly zeros = Buffer.alloc(CTR_CHUNK);

  constructor(seed: string) {
    const key = createHash('sha256').update(`panalo-sim:${seed}`).digest();
    this.cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16));
  }

  nextBlock(): Uint8Array {
    return this.cipher.update(this.zeros);
  }
}
