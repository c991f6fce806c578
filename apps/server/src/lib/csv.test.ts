import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('CSV export cells (issue 20)', () => {
  it('neutralises cells a spreadsheet would run as formulas: = + - @ tab CR', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+63 917')).toBe("'+63 917");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
    expect(csvCell('plain name')).toBe('plain name');
  });

  it('keeps the server’s own amounts as numbers, quotes commas, quotes and line breaks', () => {
    expect(csvCell({ raw: '-12.50' })).toBe('-12.50');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12n)).toBe('12');
  });

  it('writes a header and CRLF rows after a UTF-8 byte-order mark', () => {
    expect(toCsv(['a', 'b'], [['x', { raw: '1.00' }]])).toBe('\uFEFFa,b\r\nx,1.00\r\n');
  });
});
