import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession } from '../../../app/test-fixtures';
import { jpg, kycDocument, kycStatus, png, Refused, stubKycApi } from '../test/kyc-fixtures';
import { VerificationScreen } from './verification-screen';

afterEach(() => vi.unstubAllGlobals());

const MINE = '/api/kyc';
const DOCUMENTS = 'POST /api/kyc/documents';
const open = (o: { language?: string } = {}) =>
  renderWithShell(<VerificationScreen />, { session: memberSession, path: '/m/verification', ...o });

/** Fills the identity form's text fields. */
async function fillPerson(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByTestId('kyc-full-name'), 'Juan Dela Cruz');
  await user.type(screen.getByTestId('kyc-birth-date'), '1990-04-15');
}

describe('Verification (/m/verification)', () => {
  it('loads, then shows my level, the ladder of four levels and what needs each', async () => {
    const { calls } = stubKycApi({ [MINE]: { value: kycStatus() } });
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Verification' })).toBeInTheDocument();
    expect(screen.getByTestId('kyc-loading')).toBeInTheDocument();
    expect(await screen.findByTestId('kyc-level')).toHaveTextContent(
      'Your level: Level 1 · Mobile confirmed',
    );
    expect(calls[0]!.headers.get('authorization')).toBe(`Bearer ${memberSession.token}`);
    const rungs = screen.getAllByTestId('kyc-rung');
    expect(rungs.map((r) => [r.dataset.level, r.dataset.reached])).toEqual([
      ['0', 'true'],
      ['1', 'true'],
      ['2', 'false'],
      ['3', 'false'],
    ]);
    expect(rungs[1]).toHaveAttribute('aria-current', 'step');
    expect(within(rungs[1]!).getByTestId('kyc-rung-mark')).toHaveTextContent('Your level');
    expect(within(rungs[0]!).getByTestId('kyc-ceiling-depositDay')).toHaveTextContent('₱5,000.00');
    expect(within(rungs[3]!).getByTestId('kyc-ceiling-withdrawMonth')).toHaveTextContent('No limit');
    expect(within(rungs[1]!).getByTestId('kyc-transfers')).toHaveTextContent('No');
    expect(within(rungs[2]!).getByTestId('kyc-transfers')).toHaveTextContent('Yes');
    expect(within(rungs[0]!).getByText('GCASH')).toBeInTheDocument();
    expect(
      within(rungs[1]!).getByText('Proved by confirming your mobile number with a code sent by SMS.'),
    ).toBeInTheDocument();
    expect(within(rungs[1]!).getByTestId('kyc-need')).toHaveTextContent('Needed for your first withdrawal.');
    expect(within(rungs[2]!).getByTestId('kyc-need')).toHaveTextContent(
      'Needed to deposit more once your deposits add up to ₱50,000.00.',
    );
    expect(within(rungs[3]!).getByTestId('kyc-need')).toHaveTextContent(
      'Needed for a withdrawal above ₱20,000.00.',
    );
    // Level 1 is done: the next step is the identity form; the address waits for level 2.
    expect(screen.queryByTestId('kyc-step-mobile')).toBeNull();
    expect(screen.getByTestId('kyc-identity-form')).toBeInTheDocument();
    expect(screen.queryByTestId('kyc-address-form')).toBeNull();
    expect(screen.getByTestId('kyc-docs-none')).toHaveTextContent('You have not sent a document yet.');
  });

  it('a failed load offers a retry that asks again', async () => {
    let n = 0;
    stubKycApi({ [MINE]: () => (++n === 1 ? new Refused(500, 'unknown_error') : { value: kycStatus() }) });
    const r = open();
    expect(await screen.findByTestId('kyc-error')).toBeInTheDocument();
    await r.user.click(screen.getByTestId('kyc-retry'));
    expect(await screen.findByTestId('kyc-level')).toBeInTheDocument();
  });

  it('says so when the site does not offer verification', async () => {
    stubKycApi({ [MINE]: { value: kycStatus({ enabled: false, level: 0 }) } });
    open();
    expect(await screen.findByTestId('kyc-off')).toHaveTextContent(
      'Verification is not offered on this site.',
    );
    expect(screen.queryByTestId('kyc-level')).toBeNull();
  });

  it('the identity form sends multipart with the ID type, name, birth date and three pictures', async () => {
    let status = kycStatus();
    const { to } = stubKycApi({
      [MINE]: () => ({ value: status }),
      [DOCUMENTS]: () => {
        const doc = kycDocument();
        status = { ...status, documents: [doc] };
        return { value: doc };
      },
    });
    const r = open();
    await screen.findByTestId('kyc-identity-form');
    const types = within(screen.getByTestId('kyc-id-type')).getAllByRole('option');
    expect(types.map((o) => o.textContent)).toEqual([
      'Choose your ID',
      'PhilSys National ID',
      'Passport',
      "Driver's licence",
      'UMID',
    ]);
    await r.user.selectOptions(screen.getByTestId('kyc-id-type'), 'philsys');
    await fillPerson(r.user);
    expect(screen.getByTestId('kyc-front')).toHaveAttribute('capture', 'environment');
    expect(screen.getByTestId('kyc-selfie')).toHaveAttribute('capture', 'user');
    await r.user.upload(screen.getByTestId('kyc-front'), png('front.png'));
    await r.user.upload(screen.getByTestId('kyc-back-file'), png('back.png'));
    await r.user.upload(screen.getByTestId('kyc-selfie'), jpg('me.jpg'));
    await waitFor(() => expect(screen.getByText('me.jpg')).toBeInTheDocument());
    await r.user.click(screen.getByTestId('kyc-submit'));
    await waitFor(() => expect(to('POST', '/api/kyc/documents')).toHaveLength(1));
    const sent = to('POST', '/api/kyc/documents')[0]!;
    expect(sent.headers.get('content-type')).toBeNull(); // the browser sets the multipart boundary
    const form = sent.body as FormData;
    expect(
      Object.fromEntries(
        [...form.keys()].map((k) => [
          k,
          form.get(k) instanceof File ? (form.get(k) as File).name : form.get(k),
        ]),
      ),
    ).toEqual({
      kind: 'identity',
      idType: 'philsys',
      fullName: 'Juan Dela Cruz',
      birthDate: '1990-04-15',
      front: 'front.png',
      back: 'back.png',
      selfie: 'me.jpg',
    });
    // The status is read again: the form gives way to the document waiting, and the message is focused.
    expect(await screen.findByTestId('kyc-identity-waiting')).toBeInTheDocument();
    expect(screen.getByTestId('kyc-notice')).toHaveTextContent('Sent. Our team will review it');
    await waitFor(() => expect(screen.getByTestId('kyc-notice')).toHaveFocus());
    const doc = screen.getByTestId('kyc-doc');
    expect(doc).toHaveAttribute('data-status', 'pending');
    expect(doc).toHaveTextContent('Identity document · PhilSys National ID');
    expect(doc).toHaveTextContent('Waiting for review');
  });

  it('a passport has no back: the field is hidden and nothing is sent for it', async () => {
    const { to } = stubKycApi({ [MINE]: { value: kycStatus() }, [DOCUMENTS]: { value: kycDocument() } });
    const r = open();
    await screen.findByTestId('kyc-identity-form');
    expect(screen.getByTestId('kyc-back')).toBeInTheDocument();
    await r.user.upload(screen.getByTestId('kyc-back'), png('back.png'));
    await r.user.selectOptions(screen.getByTestId('kyc-id-type'), 'passport');
    expect(screen.queryByTestId('kyc-back')).toBeNull();
    await fillPerson(r.user);
    await r.user.upload(screen.getByTestId('kyc-front'), png('passport.png'));
    await r.user.upload(screen.getByTestId('kyc-selfie'), jpg());
    await r.user.click(screen.getByTestId('kyc-submit'));
    await waitFor(() => expect(to('POST', '/api/kyc/documents')).toHaveLength(1));
    const form = to('POST', '/api/kyc/documents')[0]!.body as FormData;
    expect(form.get('idType')).toBe('passport');
    expect(form.has('back')).toBe(false);
    expect([...form.keys()].sort()).toEqual(['birthDate', 'front', 'fullName', 'idType', 'kind', 'selfie']);
  });

  it('names the first problem at its field and sends nothing', async () => {
    const { to } = stubKycApi({ [MINE]: { value: kycStatus() } });
    const r = open();
    await screen.findByTestId('kyc-identity-form');
    await r.user.click(screen.getByTestId('kyc-submit'));
    const type = screen.getByTestId('kyc-id-type');
    expect(type).toHaveFocus();
    expect(type).toHaveAttribute('aria-invalid', 'true');
    expect(type).toHaveAccessibleDescription('Choose the type of your ID.');
    await r.user.selectOptions(type, 'umid');
    await r.user.type(screen.getByTestId('kyc-full-name'), 'Juan Dela Cruz');
    await r.user.type(screen.getByTestId('kyc-birth-date'), '2010-01-01');
    await r.user.click(screen.getByTestId('kyc-submit'));
    const birth = screen.getByTestId('kyc-birth-date');
    expect(birth).toHaveFocus();
    expect(birth.getAttribute('aria-describedby')).toMatch(/-error/);
    expect(screen.getAllByTestId('kyc-field-error')[0]).toHaveTextContent('Players must be 21 or older.');
    await r.user.clear(birth);
    await r.user.type(birth, '1990-04-15');
    await r.user.click(screen.getByTestId('kyc-submit'));
    expect(screen.getByTestId('kyc-front')).toHaveFocus();
    expect(screen.getByTestId('kyc-front-error')).toHaveTextContent('Add this picture.');
    expect(to('POST', '/api/kyc/documents')).toHaveLength(0);
  });

  it('refuses a file that is not a picture before anything is sent', async () => {
    stubKycApi({ [MINE]: { value: kycStatus() } });
    open();
    await screen.findByTestId('kyc-identity-form');
    const user = userEvent.setup({ applyAccept: false });
    const pdf = new File(['%PDF-1.7'], 'id.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByTestId('kyc-front-file'), pdf);
    expect(await screen.findByTestId('kyc-front-error')).toHaveTextContent(
      'This is not a picture: choose a PNG or JPG photo.',
    );
    expect(screen.queryByText('id.pdf')).toBeNull();
  });

  it('a refusal shows its text with its values, focused, and the form stays', async () => {
    stubKycApi({
      [MINE]: { value: kycStatus() },
      [DOCUMENTS]: new Refused(400, 'upload_too_large', { maxMb: 10 }),
    });
    const r = open();
    await screen.findByTestId('kyc-identity-form');
    await r.user.selectOptions(screen.getByTestId('kyc-id-type'), 'passport');
    await fillPerson(r.user);
    await r.user.upload(screen.getByTestId('kyc-front'), png());
    await r.user.upload(screen.getByTestId('kyc-selfie'), jpg());
    await r.user.click(screen.getByTestId('kyc-submit'));
    const failure = await screen.findByTestId('kyc-identity-failure');
    expect(failure).toHaveTextContent('An image is too large: at most 10 MB.');
    expect(failure).toHaveAttribute('role', 'alert');
    await waitFor(() => expect(failure).toHaveFocus());
    expect(screen.getByTestId('kyc-submit')).toBeEnabled();
    expect(screen.getByTestId('kyc-full-name')).toHaveValue('Juan Dela Cruz');
  });

  it('the submit is busy while the document travels', async () => {
    let release: (a: { value: unknown }) => void = () => {};
    stubKycApi({
      [MINE]: { value: kycStatus() },
      [DOCUMENTS]: () => new Promise<{ value: unknown }>((resolve) => (release = resolve)),
    });
    const r = open();
    await screen.findByTestId('kyc-identity-form');
    await r.user.selectOptions(screen.getByTestId('kyc-id-type'), 'passport');
    await fillPerson(r.user);
    await r.user.upload(screen.getByTestId('kyc-front'), png());
    await r.user.upload(screen.getByTestId('kyc-selfie'), jpg());
    await r.user.click(screen.getByTestId('kyc-submit'));
    await waitFor(() => expect(screen.getByTestId('kyc-submit')).toBeDisabled());
    expect(screen.getByTestId('kyc-submit')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByTestId('kyc-identity-progress')).toHaveTextContent('Sending your document…');
    release({ value: kycDocument({ idType: 'passport' }) });
    await waitFor(() => expect(screen.queryByTestId('kyc-identity-progress')).toBeNull());
  });

  it('a rejected document shows its reason, and the form asks for a new one', async () => {
    stubKycApi({
      [MINE]: {
        value: kycStatus({
          documents: [
            kycDocument({
              status: 'rejected',
              reason: 'The photo is blurred.',
              decidedAt: '2026-11-21T02:00:00.000Z',
            }),
          ],
        }),
      },
    });
    open();
    const doc = await screen.findByTestId('kyc-doc');
    expect(doc).toHaveAttribute('data-status', 'rejected');
    expect(within(doc).getByTestId('kyc-doc-status')).toHaveTextContent('Rejected');
    expect(within(doc).getByTestId('kyc-doc-reason')).toHaveTextContent('Reason: The photo is blurred.');
    expect(screen.getByTestId('kyc-identity-again')).toHaveAttribute('data-reason', 'rejected');
    expect(screen.getByTestId('kyc-identity-form')).toBeInTheDocument();
  });

  it('level 2 reached: the address form, which sends one picture; an expired ID is marked', async () => {
    const { to } = stubKycApi({
      [MINE]: {
        value: kycStatus({
          level: 2,
          documents: [
            kycDocument({
              id: '43',
              status: 'approved',
              expiresOn: '2031-05-01',
              decidedAt: '2026-11-21T02:00:00.000Z',
            }),
            kycDocument({
              id: '42',
              status: 'approved',
              expiresOn: '2020-01-01',
              decidedAt: '2019-11-21T02:00:00.000Z',
            }),
            kycDocument({ id: '40', status: 'more_needed', reason: 'Show the back too.' }),
          ],
        }),
      },
      [DOCUMENTS]: { value: kycDocument({ kind: 'address', idType: null }) },
    });
    const r = open();
    await screen.findByTestId('kyc-address-form');
    expect(screen.queryByTestId('kyc-identity-form')).toBeNull();
    const docs = screen.getAllByTestId('kyc-doc');
    expect(docs.map((d) => [d.dataset.status, d.dataset.expired])).toEqual([
      ['approved', 'false'],
      ['approved', 'true'],
      ['more_needed', 'false'],
    ]);
    expect(within(docs[0]!).getByTestId('kyc-doc-expires')).toHaveTextContent('May 1, 2031');
    expect(within(docs[1]!).getByTestId('kyc-doc-status')).toHaveTextContent('Expired');
    expect(within(docs[2]!).getByTestId('kyc-doc-status')).toHaveTextContent('Another document needed');
    expect(within(docs[2]!).getByTestId('kyc-doc-reason')).toHaveTextContent('Show the back too.');
    await r.user.type(screen.getByTestId('kyc-address-full-name'), 'Juan Dela Cruz');
    await r.user.type(screen.getByTestId('kyc-address-birth-date'), '1990-04-15');
    await r.user.upload(screen.getByTestId('kyc-address-document'), jpg('bill.jpg'));
    await r.user.click(screen.getByTestId('kyc-address-submit'));
    await waitFor(() => expect(to('POST', '/api/kyc/documents')).toHaveLength(1));
    const form = to('POST', '/api/kyc/documents')[0]!.body as FormData;
    expect(form.get('kind')).toBe('address');
    expect(form.has('idType')).toBe(false);
    expect((form.get('document') as File).name).toBe('bill.jpg');
  });

  it('level 1: sends a code to my mobile, then confirms it', async () => {
    let status = kycStatus({ level: 0, mobileConfirmed: false });
    const { to } = stubKycApi({
      [MINE]: () => ({ value: status }),
      'POST /api/kyc/mobile/code': { value: { expiredMinutes: 5 } },
      'POST /api/kyc/mobile/confirm': (c) => {
        if ((c.body as { code: string }).code !== '123456') return new Refused(400, 'sms_code_wrong');
        status = { ...status, level: 1, mobileConfirmed: true };
        return { value: status };
      },
    });
    const r = open();
    await r.user.click(await screen.findByTestId('kyc-mobile-send'));
    expect(await screen.findByTestId('kyc-mobile-sent')).toHaveTextContent('It is valid for 5 minutes.');
    await waitFor(() => expect(screen.getByTestId('kyc-mobile-code')).toHaveFocus());
    await r.user.type(screen.getByTestId('kyc-mobile-code'), '654321');
    await r.user.click(screen.getByTestId('kyc-mobile-confirm'));
    expect(await screen.findByTestId('kyc-mobile-failure')).toHaveTextContent('Verification code error');
    await r.user.type(screen.getByTestId('kyc-mobile-code'), '123456');
    await r.user.click(screen.getByTestId('kyc-mobile-confirm'));
    expect(await screen.findByTestId('kyc-notice')).toHaveTextContent(
      'Your mobile number is confirmed. Your level is now 1.',
    );
    expect(screen.getByTestId('kyc-level')).toHaveTextContent('Level 1');
    expect(screen.queryByTestId('kyc-step-mobile')).toBeNull();
    expect(to('POST', '/api/kyc/mobile/confirm').map((c) => c.body)).toEqual([
      { code: '654321' },
      { code: '123456' },
    ]);
  });

  it('without a mobile number: a way to the profile to add one', async () => {
    stubKycApi({ [MINE]: { value: kycStatus({ level: 0, mobileConfirmed: false, hasMobile: false }) } });
    open();
    const missing = await screen.findByTestId('kyc-mobile-missing');
    expect(missing).toHaveTextContent('Your account has no mobile number yet.');
    expect(within(missing).getByRole('link', { name: 'Open my profile' })).toHaveAttribute(
      'href',
      '/m/member/home',
    );
    expect(screen.queryByTestId('kyc-mobile-send')).toBeNull();
  });

  it('in Tagalog', async () => {
    stubKycApi({ [MINE]: { value: kycStatus({ documents: [kycDocument({ status: 'checking' })] }) } });
    open({ language: 'TY' });
    expect(await screen.findByTestId('kyc-level')).toHaveTextContent(
      'Iyong antas: Level 1 · Kumpirmadong mobile',
    );
    expect(screen.getByTestId('kyc-identity-waiting')).toBeInTheDocument();
    expect(screen.getByTestId('kyc-doc-status')).toHaveTextContent('Sinusuri');
  });
});
