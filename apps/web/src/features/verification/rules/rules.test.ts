import { describe, expect, it } from 'vitest';
import { kycDocument, kycStatus, LEVELS } from '../test/kyc-fixtures';
import { addressProblem, ageOn, identityProblem, identitySlots } from './document-draft';
import { ceilingText, ladder } from './ladder';
import { jpegName, needsShrink, pictureKind, shrunkSize, signatureOf } from './picture';
import {
  addressFormShown,
  againReason,
  identityFormShown,
  isExpired,
  localDay,
  mobileStep,
  waitingDocument,
} from './steps';

const TODAY = '2026-11-29';
const file = (name: string) => new File([new Uint8Array([1])], name, { type: 'image/png' });

describe('which steps the Verification page shows', () => {
  it('level 1: mobile confirmed, a code to send, or a number to add first', () => {
    expect(mobileStep({ mobileConfirmed: true, hasMobile: true })).toBe('done');
    expect(mobileStep({ mobileConfirmed: false, hasMobile: true })).toBe('confirm');
    expect(mobileStep({ mobileConfirmed: false, hasMobile: false })).toBe('addMobile');
  });

  it('the identity form below level 2 while no identity waits for review', () => {
    expect(identityFormShown(kycStatus({ level: 0 }))).toBe(true);
    expect(identityFormShown(kycStatus({ level: 1 }))).toBe(true);
    for (const status of ['pending', 'checking'] as const)
      expect(identityFormShown(kycStatus({ documents: [kycDocument({ status })] }))).toBe(false);
    // Refused, another asked for, or approved but expired (the level is back below 2): a new one.
    for (const status of ['rejected', 'more_needed', 'approved'] as const)
      expect(identityFormShown(kycStatus({ level: 1, documents: [kycDocument({ status })] }))).toBe(true);
    expect(identityFormShown(kycStatus({ level: 2 }))).toBe(false);
    expect(identityFormShown(kycStatus({ level: 3 }))).toBe(false);
  });

  it('the address form at level 2 while no address waits; not below, not at 3', () => {
    expect(addressFormShown(kycStatus({ level: 1 }))).toBe(false);
    expect(addressFormShown(kycStatus({ level: 2 }))).toBe(true);
    expect(addressFormShown(kycStatus({ level: 3 }))).toBe(false);
    const waiting = kycDocument({ kind: 'address', idType: null, status: 'pending' });
    expect(addressFormShown(kycStatus({ level: 2, documents: [waiting] }))).toBe(false);
    // An identity waiting does not hold the address back.
    expect(addressFormShown(kycStatus({ level: 2, documents: [kycDocument({ status: 'pending' })] }))).toBe(
      true,
    );
    expect(waitingDocument(kycStatus({ documents: [waiting] }), 'address')).toBe(waiting);
  });

  it('why a form asks again: the newest document of its kind', () => {
    const docs = (...d: ReturnType<typeof kycDocument>[]) => kycStatus({ documents: d });
    expect(againReason(docs(), 'identity', TODAY)).toBeNull();
    expect(againReason(docs(kycDocument({ status: 'rejected' })), 'identity', TODAY)).toBe('rejected');
    expect(againReason(docs(kycDocument({ status: 'more_needed' })), 'identity', TODAY)).toBe('more_needed');
    expect(
      againReason(docs(kycDocument({ status: 'approved', expiresOn: '2026-11-28' })), 'identity', TODAY),
    ).toBe('expired');
    expect(
      againReason(docs(kycDocument({ status: 'approved', expiresOn: TODAY })), 'identity', TODAY),
    ).toBeNull();
    // Newest first: an older refusal does not count once a newer document was approved.
    expect(
      againReason(
        docs(kycDocument({ status: 'approved' }), kycDocument({ id: '1', status: 'rejected' })),
        'identity',
        TODAY,
      ),
    ).toBeNull();
    expect(againReason(docs(kycDocument({ status: 'rejected' })), 'address', TODAY)).toBeNull();
  });

  it('an approved document expires after its day; others never show as expired', () => {
    expect(isExpired({ status: 'approved', expiresOn: '2026-11-28' }, TODAY)).toBe(true);
    expect(isExpired({ status: 'approved', expiresOn: TODAY }, TODAY)).toBe(false);
    expect(isExpired({ status: 'approved', expiresOn: null }, TODAY)).toBe(false);
    expect(isExpired({ status: 'rejected', expiresOn: '2020-01-01' }, TODAY)).toBe(false);
  });

  it('the member’s calendar day', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('the ladder of levels', () => {
  it('marks the levels reached and the current one, and places what needs each', () => {
    const steps = ladder(kycStatus({ level: 2 }));
    expect(steps.map((s) => [s.level, s.reached, s.current])).toEqual([
      [0, true, false],
      [1, true, false],
      [2, true, true],
      [3, false, false],
    ]);
    expect(steps.map((s) => s.needs)).toEqual([
      [],
      [{ kind: 'firstWithdrawal' }],
      [{ kind: 'depositsAbove', amount: '50000.00' }],
      [{ kind: 'withdrawalAbove', amount: '20000.00' }],
    ]);
    expect(steps[3]!.allowance).toBe(LEVELS[3]);
  });

  it('a requirement of level 0 needs nothing; none set, none listed', () => {
    const steps = ladder(
      kycStatus({
        firstWithdrawalLevel: 0,
        depositsAbove: null,
        withdrawalAbove: { amount: '1000.00', level: 1 },
      }),
    );
    expect(steps.flatMap((s) => s.needs.map((n) => [s.level, n.kind]))).toEqual([[1, 'withdrawalAbove']]);
  });

  it('a ceiling is its amount in the currency, or no limit', () => {
    const money = (d: string) => `₱${d}`;
    expect(ceilingText('5000.00', money, 'No limit')).toBe('₱5000.00');
    expect(ceilingText('0.00', money, 'No limit')).toBe('₱0.00');
    expect(ceilingText(null, money, 'No limit')).toBe('No limit');
  });
});

describe('a document’s form before it is sent', () => {
  const o = { minAge: 21, today: TODAY };
  const person = { fullName: 'Juan Dela Cruz', birthDate: '1990-04-15' };

  it('a passport has no back; other IDs have front, back and selfie', () => {
    expect(identitySlots('passport')).toEqual(['front', 'selfie']);
    expect(identitySlots('philsys')).toEqual(['front', 'back', 'selfie']);
    expect(identitySlots('')).toEqual(['front', 'back', 'selfie']);
  });

  it('ages in whole years, the birthday counting on its day', () => {
    expect(ageOn('2005-11-29', TODAY)).toBe(21);
    expect(ageOn('2005-11-30', TODAY)).toBe(20);
    expect(ageOn('2005-12-01', TODAY)).toBe(20);
  });

  it('the identity form’s first problem, in the form’s order', () => {
    const all = { front: file('f.png'), back: file('b.png'), selfie: file('s.png') };
    expect(identityProblem({ idType: '', ...person, pictures: all }, o)).toEqual({
      field: 'idType',
      reason: 'required',
    });
    expect(
      identityProblem({ idType: 'umid', fullName: '  ', birthDate: '', pictures: all }, o),
    ).toMatchObject({
      field: 'fullName',
      reason: 'required',
    });
    expect(identityProblem({ idType: 'umid', fullName: 'J', birthDate: '', pictures: all }, o)).toMatchObject(
      {
        field: 'fullName',
        reason: 'short',
      },
    );
    expect(
      identityProblem({ idType: 'umid', fullName: 'x'.repeat(101), birthDate: '', pictures: all }, o),
    ).toMatchObject({ field: 'fullName', reason: 'long' });
    expect(
      identityProblem({ idType: 'umid', fullName: 'Juan', birthDate: '', pictures: all }, o),
    ).toMatchObject({
      field: 'birthDate',
      reason: 'required',
    });
    expect(
      identityProblem({ idType: 'umid', fullName: 'Juan', birthDate: '2026-12-01', pictures: all }, o),
    ).toMatchObject({ field: 'birthDate', reason: 'future' });
    expect(
      identityProblem({ idType: 'umid', fullName: 'Juan', birthDate: '2005-11-30', pictures: all }, o),
    ).toEqual({ field: 'birthDate', reason: 'underAge', minAge: 21 });
    expect(identityProblem({ idType: 'umid', ...person, pictures: { front: all.front } }, o)).toEqual({
      field: 'back',
      reason: 'missing',
    });
    expect(identityProblem({ idType: 'passport', ...person, pictures: { front: all.front } }, o)).toEqual({
      field: 'selfie',
      reason: 'missing',
    });
    expect(
      identityProblem(
        { idType: 'passport', ...person, pictures: { front: all.front, selfie: all.selfie } },
        o,
      ),
    ).toBeNull();
    expect(identityProblem({ idType: 'umid', ...person, pictures: all }, o)).toBeNull();
  });

  it('the address form asks for its one picture', () => {
    expect(addressProblem({ ...person, pictures: {} }, o)).toEqual({ field: 'document', reason: 'missing' });
    expect(addressProblem({ ...person, pictures: { document: file('bill.png') } }, o)).toBeNull();
  });
});

describe('a picture before it is sent', () => {
  it('PNG and JPG go; other pictures are redrawn; anything else is refused', () => {
    expect(pictureKind({ type: 'image/jpeg', name: 'a.jpg' })).toBe('sendable');
    expect(pictureKind({ type: 'image/png', name: 'a' })).toBe('sendable');
    expect(pictureKind({ type: 'image/heic', name: 'a.heic' })).toBe('convertible');
    expect(pictureKind({ type: '', name: 'IMG_1.JPEG' })).toBe('sendable');
    expect(pictureKind({ type: '', name: 'IMG_1.heic' })).toBe('convertible');
    expect(pictureKind({ type: 'application/pdf', name: 'id.pdf' })).toBe('notImage');
    expect(pictureKind({ type: '', name: 'id.pdf' })).toBe('notImage');
    expect(pictureKind({ type: 'video/mp4', name: 'a.jpg' })).toBe('notImage');
  });

  it('reads PNG and JPEG by their first bytes, as the server does', () => {
    expect(signatureOf(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBe('png');
    expect(signatureOf(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(signatureOf(new Uint8Array([0x25, 0x50, 0x44, 0x46]))).toBeNull();
    expect(signatureOf(new Uint8Array())).toBeNull();
  });

  it('shrinks above about 2 MB or 2000 px, or when it is not PNG or JPEG', () => {
    const MB = 1024 * 1024;
    expect(needsShrink({ size: 2 * MB, sendable: true }, 2000, 1500)).toBe(false);
    expect(needsShrink({ size: 2 * MB + 1, sendable: true }, 1000, 800)).toBe(true);
    expect(needsShrink({ size: 500_000, sendable: true }, 2001, 1000)).toBe(true);
    expect(needsShrink({ size: 500_000, sendable: true }, 1000, 2001)).toBe(true);
    expect(needsShrink({ size: 500_000, sendable: false }, 800, 600)).toBe(true);
  });

  it('keeps the ratio with the longer side at 2000 px, never enlarging', () => {
    expect(shrunkSize(4000, 3000)).toEqual({ width: 2000, height: 1500 });
    expect(shrunkSize(3024, 4032)).toEqual({ width: 1500, height: 2000 });
    expect(shrunkSize(800, 600)).toEqual({ width: 800, height: 600 });
    expect(jpegName('IMG_0001.HEIC')).toBe('IMG_0001.jpg');
    expect(jpegName('photo')).toBe('photo.jpg');
  });
});
