// A ByteSource that replays given bytes, for tests that pin exactly how draws consume the stream or that
// force a particular outcome (every dice roll, every reel stop) to compute RTPs by enumeration.
import type { ByteSource } from './streams';

export class ScriptedStream implements ByteSource {
  private readonly blocks: number[][];

  constructor(blocks: number[][]) {
    this.blocks = blocks.map((b) => [...b]);
  }

  nextBlock(): Uint8Array {
    const b = this.blocks.shift();
    if (!b) throw new Error('scripted stream ran out of bytes');
    return Uint8Array.from(b);
  }
}

/** The four big-endian bytes FairRng.uint32() reads back as x (so int(n) returns x when x < n). */
export function u32Bytes(x: number): number[] {
  return [(x >>> 24) & 255, (x >>> 16) & 255, (x >>> 8) & 255, x & 255];
}
