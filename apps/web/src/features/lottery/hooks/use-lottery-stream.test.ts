import { describe, expect, it } from 'vitest';
import { streamEvent } from './use-lottery-stream';

describe('lottery stream messages', () => {
  const e = {
    type: 'draw',
    gameCode: 'K3',
    numero: '202611240007',
    result: '256',
    at: '2026-11-24T00:00:00.000Z',
  };
  it('reads the events of this game and ignores the rest', () => {
    expect(streamEvent(JSON.stringify(e), 'K3')).toEqual(e);
    expect(streamEvent(JSON.stringify(e), 'WINGO1')).toBeNull();
    expect(streamEvent(JSON.stringify({ ...e, type: 'boom' }), 'K3')).toBeNull();
    expect(streamEvent('not json', 'K3')).toBeNull();
    expect(streamEvent(undefined, 'K3')).toBeNull();
    expect(streamEvent('null', 'K3')).toBeNull();
  });
});
