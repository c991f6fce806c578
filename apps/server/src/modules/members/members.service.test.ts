import { describe, expect, it } from 'vitest';
import { formatMobile, maskEmail, maskMobile } from './members.service';

describe('contact details as shown', () => {
  it('a mobile number reads "+63 9175550101" for staff, whether its dialing code was stored with its plus or not (#49 item 4: never "++63")', () => {
    expect(formatMobile('+63', '9175550101')).toBe('+63 9175550101');
    expect(formatMobile('63', '9175550101')).toBe('+63 9175550101');
    expect(formatMobile('++63', '9175550101')).toBe('+63 9175550101');
    expect(formatMobile(null, '9175550101')).toBe('9175550101');
    expect(formatMobile('', '9175550101')).toBe('9175550101');
  });

  it('masks keep the shape and hide the rest', () => {
    expect(maskMobile('9175550101')).toBe('917****101');
    expect(maskMobile('12345')).toBe('1****');
    expect(maskMobile(null)).toBeNull();
    expect(maskEmail('juan@example.com')).toBe('j***@example.com');
    expect(maskEmail(null)).toBeNull();
  });
});
