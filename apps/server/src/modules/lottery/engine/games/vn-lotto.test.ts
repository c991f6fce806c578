import { describe, expect, it } from 'vitest';
import { payout } from '../test-helpers';
import { parseResult, formatResult } from '../draw';

// special 12345 · first 67890 · second 11123,45623 · third 00045,99999,12023,55555,77777,88888 ·
// fourth 1023,2345,3456,4567 · fifth 5678,6789,7890,8901,9012,0123 · sixth 123,456,789 · seventh 23,45,67,89
const RESULT =
  '12345~67890~11123,45623~00045,99999,12023,55555,77777,88888~1023,2345,3456,4567~5678,6789,7890,8901,9012,0123~123,456,789~23,45,67,89';

// Stake 1,000; odds per hit: lo2 3.5, lo3 41, lo4 470; de2 95, de3 900, de4 9000.
describe('Vietnamese lotto settlement (hand-checked)', () => {
  it.each([
    // "23" ends 11123, 45623, 12023, 1023, 0123, 123 and the seventh-prize 23: 7 hits × 3,500.
    ['lo2', '23', 24_500n],
    // "45" ends 12345, 00045, 2345 and the seventh-prize 45 (not 456): 4 hits × 3,500.
    ['lo2', '45', 14_000n],
    ['lo2', '00', -1n],
    // "123" ends 11123, 0123 and 123 (not 45623, 12023, 1023): 3 × 41,000.
    ['lo3', '123', 123_000n],
    ['lo3', '023', 82_000n],
    // A seventh-prize number has two digits and cannot match three: "089" does not come from "89".
    ['lo3', '089', -1n],
    ['lo4', '0123', 470_000n],
    ['lo4', '5555', 470_000n],
    ['lo4', '1123', 470_000n],
    ['lo4', '0000', -1n],
    ['de2', '45', 95_000n],
    ['de2', '23', -1n],
    ['de3', '345', 900_000n],
    ['de3', '045', -1n],
    ['de4', '2345', 9_000_000n],
    ['de4', '2346', -1n],
  ])('%s %s pays %d', (type, sel, expected) => {
    expect(payout('VNLOTTO', RESULT, type, sel)).toBe(expected);
  });

  it('LOTT-011 the result text separates prize groups by ~ and numbers in a group by commas', () => {
    const r = parseResult('VNLOTTO', RESULT)!;
    expect(r.kind === 'vnlotto' && r.prizes.map((g) => g.length)).toEqual([1, 1, 2, 6, 4, 6, 3, 4]);
    expect(formatResult('VNLOTTO', r)).toBe(RESULT);
    expect(parseResult('VNLOTTO', RESULT.replace('~23,45', '~2,45'))).toBeNull();
  });
});
