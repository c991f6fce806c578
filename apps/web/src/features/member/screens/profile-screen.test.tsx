import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PersonalInfo } from '@panalo/contract/member';
import { renderWithShell } from '../../../app/test-utils';
import { makeBundle, memberSession } from '../../../app/test-fixtures';
import { DAY_MS, memberInfo, stubApi } from '../test/member-fixtures';
import { ProfileScreen } from './profile-screen';

const INFO = '/api/members/personal-info';

const personal = (p: Partial<PersonalInfo> = {}): PersonalInfo => ({
  account: 'juan123',
  nickname: null,
  birthDate: '1990-02-03',
  regDate: Date.now() - 12 * DAY_MS - 1000,
  vip: { level: 2, name: 'Silver' },
  headIcon: null,
  mobileNum: '917****567',
  email: null,
  payeeName: 'J***',
  qqNum: null,
  facebook: null,
  wechat: null,
  line: 'juan.line',
  whatsapp: null,
  zalo: null,
  ...p,
});

function renderProfile(bundle = makeBundle()) {
  return renderWithShell(<ProfileScreen />, { path: '/m/member/home', session: memberSession, bundle });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/m/member/home', () => {
  it('SHELL-037 shows the account, the VIP label, the days since registration and the bound details masked', async () => {
    stubApi({ [INFO]: { value: personal() }, '/api/members/me': { value: memberInfo() } });
    renderProfile();
    expect(await screen.findByTestId('profile-account')).toHaveTextContent('juan123');
    expect(screen.getByTestId('profile-vip')).toHaveTextContent('VIP 2 · Silver');
    expect(screen.getByTestId('profile-days')).toHaveTextContent('Joined 12 days ago');
    expect(screen.getByTestId('profile-bound-mobileNum')).toHaveTextContent('917****567');
    expect(screen.getByTestId('profile-bound-email')).toHaveTextContent('Not set');
    expect(screen.getByTestId('profile-bound-birthDate')).toHaveTextContent('1990-02-03');
    // No picture yet: the initial stands in.
    expect(screen.getByTestId('profile-avatar')).toHaveTextContent('J');
  });

  it('hides the VIP label when VIP benefits are off, and shows the head icon when there is one', async () => {
    stubApi({ [INFO]: { value: personal({ headIcon: '/api/head-icons/x.webp' }) } });
    renderProfile(makeBundle({ flags: { VIPBENEFIT: false } }));
    const img = await screen.findByRole('img', { name: 'My head icon' });
    expect(img).toHaveAttribute('src', '/api/head-icons/x.webp');
    expect(screen.queryByTestId('profile-vip')).toBeNull();
  });

  it('API-071 the nickname is sent to its own call; a refusal is shown at the field', async () => {
    let calls = 0;
    const api = stubApi({
      [INFO]: { value: personal() },
      'POST /api/members/nickname': () =>
        ++calls === 1 ? { status: 400, code: 'nickname_invalid' } : { value: 'Lucky' },
    });
    const r = renderProfile();
    const input = await screen.findByTestId('profile-nickname');
    await r.user.type(input, 'Lucky');
    await r.user.click(screen.getByTestId('profile-nickname-save'));
    expect(await screen.findByText('A nickname has 1 to 32 characters.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await r.user.click(screen.getByTestId('profile-nickname-save'));
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'false'));
    expect(api.calls.filter((c) => c.url.pathname === '/api/members/nickname').map((c) => c.body)).toEqual([
      { nickname: 'Lucky' },
      { nickname: 'Lucky' },
    ]);
  });

  it('API-071 contacts: the ones the merchant asks for and the ones filled; saved by PUT; a rule refusal shows at its field', async () => {
    const bundle = makeBundle();
    bundle.info.register.rules.qqNum = {
      enabled: true,
      required: false,
      regExp: '^\\d{5,12}$',
      message: 'valid.qq',
    };
    const api = stubApi({
      [INFO]: { value: personal() },
      'PUT /api/members/personal-info': { status: 400, code: 'validation_failed' },
    });
    const r = renderProfile(bundle);
    const form = await screen.findByTestId('profile-contacts-form');
    // qqNum asked by the merchant, line already filled; the rest neither.
    expect(
      within(form)
        .getAllByRole('textbox')
        .map((i) => i.getAttribute('data-testid')),
    ).toEqual(['profile-qqNum', 'profile-line']);
    await r.user.type(screen.getByTestId('profile-qqNum'), '12345');
    await r.user.click(screen.getByTestId('profile-contacts-save'));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ qqNum: '12345', line: 'juan.line' }),
    );
    expect(await within(form).findByRole('alert')).toBeInTheDocument();
  });

  it('API-027 a picture that is not png, jpg or webp, or is over 2 MB, is refused before cropping; a good one opens the cropper', async () => {
    stubApi({ [INFO]: { value: personal() } });
    const r = renderProfile();
    const input = await screen.findByTestId('profile-icon-input');
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp');
    // A browser's file picker can be switched to "all files": the accept list is only a hint.
    const any = userEvent.setup({ applyAccept: false });
    await any.upload(input, new File(['GIF89a'], 'x.gif', { type: 'image/gif' }));
    expect(screen.getByTestId('profile-icon-problem')).toHaveTextContent(
      'Choose a PNG, JPG or WebP picture.',
    );
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await r.user.upload(input, big);
    expect(screen.getByTestId('profile-icon-problem')).toHaveTextContent('The picture is larger than 2 MB.');
    expect(screen.queryByTestId('head-icon-cropper')).toBeNull();
    await r.user.upload(input, new File(['png'], 'me.png', { type: 'image/png' }));
    expect(screen.queryByTestId('profile-icon-problem')).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Crop your picture' });
    expect(within(dialog).getByRole('slider', { name: 'Zoom' })).toBeInTheDocument();
    await r.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a failed load offers a retry', async () => {
    stubApi({ [INFO]: { status: 503, code: 'unknown_error' } });
    renderProfile();
    expect(await screen.findByTestId('ui-retry')).toBeInTheDocument();
  });
});
