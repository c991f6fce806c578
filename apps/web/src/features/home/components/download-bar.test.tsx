import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../app/test-utils';
import { makeBundle, memberSession } from '../../../app/test-fixtures';
import { DownloadBar } from './download-bar';

const UA = {
  android: 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36',
  ios16:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_1 like Mac OS X) AppleWebKit/605.1.15 Version/16.1 Mobile Safari/604.1',
  ios12:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 12_1 like Mac OS X) AppleWebKit/605.1.15 Version/12.0 Mobile Safari/604.1',
};
const useUa = (ua: string) => vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ua);

beforeEach(() => useUa(UA.android));
afterEach(() => vi.restoreAllMocks());

describe('download bar', () => {
  it('CONTENT-015 shows the app icon, name and description with a download button', () => {
    renderWithShell(<DownloadBar />);
    const bar = screen.getByTestId('download-bar');
    expect(bar).toHaveTextContent('Panalo');
    expect(bar).toHaveTextContent('Panalo — laro, taya at lotto sa iyong bulsa');
    expect(bar.querySelector('img')).toHaveAttribute('src', '/cdn/edge-a/img/brand/panalo-icon.svg');
    expect(within(bar).getByRole('button', { name: 'Download' })).toBeInTheDocument();
  });

  it('CONTENT-017 dismissing stores hideDownloadBar=1 and the bar stays hidden', async () => {
    const { user, unmount } = renderWithShell(<DownloadBar />);
    await user.click(screen.getByRole('button', { name: 'Hide the download bar' }));
    expect(screen.queryByTestId('download-bar')).toBeNull();
    expect(localStorage.getItem('hideDownloadBar')).toBe('1');
    unmount();
    renderWithShell(<DownloadBar />);
    expect(screen.queryByTestId('download-bar')).toBeNull();
  });

  it('CONTENT-021 hidden inside the native app', () => {
    useUa(`${UA.android} PanaloApp/1.0`);
    renderWithShell(<DownloadBar />);
    expect(screen.queryByTestId('download-bar')).toBeNull();
  });

  it('CONTENT-024 when login is required, shown only with a session', () => {
    const bundle = makeBundle({ site: { downloadRequiresLogin: true } });
    const { unmount } = renderWithShell(<DownloadBar />, { bundle });
    expect(screen.queryByTestId('download-bar')).toBeNull();
    unmount();
    renderWithShell(<DownloadBar />, { bundle, session: memberSession });
    expect(screen.getByTestId('download-bar')).toBeInTheDocument();
  });

  it('CONTENT-025 CONTENT-026 the button opens the popup with the Android link; the close button closes it', async () => {
    const { user } = renderWithShell(<DownloadBar />);
    await user.click(screen.getByTestId('download-bar-open'));
    const popup = await screen.findByRole('dialog', { name: 'Download Panalo' });
    expect(within(popup).getByRole('link', { name: 'Download for Android' })).toHaveAttribute(
      'href',
      '/downloads/panalo.apk',
    );
    await user.click(within(popup).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('CONTENT-026 the popup closes via its mask, but not from the tap that opened it (300 ms)', async () => {
    const { user } = renderWithShell(<DownloadBar />);
    const now = vi.spyOn(performance, 'now').mockReturnValue(10_000);
    await user.click(screen.getByTestId('download-bar-open'));
    await screen.findByRole('dialog');
    now.mockReturnValue(10_250);
    fireEvent.click(screen.getByTestId('download-popup-mask'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    now.mockReturnValue(10_300);
    fireEvent.click(screen.getByTestId('download-popup-mask'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('CONTENT-027 CONTENT-029 on iOS the add-to-home panel offers the profile download, with tips and a close icon', async () => {
    useUa(UA.ios16);
    const { user } = renderWithShell(<DownloadBar />);
    await user.click(screen.getByTestId('download-bar-open'));
    await user.click(await screen.findByTestId('download-add-to-home'));
    const panel = screen.getByRole('dialog', { name: 'Add to home screen' });
    expect(within(panel).getByRole('link', { name: 'Download profile' })).toHaveAttribute(
      'href',
      '/downloads/panalo.mobileconfig',
    );
    expect(within(panel).getByTestId('add-to-home-tip')).toHaveTextContent(
      'Put the site on your home screen and open it like an app',
    );
    expect(
      within(panel).getByText(/open Settings, tap Profile Downloaded and then Install/),
    ).toBeInTheDocument();
    expect(within(panel).queryByTestId('add-to-home-steps')).toBeNull();
    expect(within(panel).queryByTestId('add-to-home-legacy')).toBeNull();
    expect(screen.getByTestId('add-to-home-mask')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('CONTENT-028 CONTENT-029 without a profile link: click-and-add steps; iOS 12.1 adds the legacy tip', async () => {
    useUa(UA.ios12);
    const bundle = makeBundle({
      info: { resources: [{ resourceType: 'IOS', url: 'https://apps.example/ios' }] },
    });
    const { user } = renderWithShell(<DownloadBar />, { bundle });
    await user.click(screen.getByTestId('download-bar-open'));
    const popup = await screen.findByRole('dialog');
    expect(within(popup).getByRole('link', { name: 'Download for iPhone' })).toHaveAttribute(
      'href',
      'https://apps.example/ios',
    );
    await user.click(within(popup).getByTestId('download-add-to-home'));
    expect(screen.getByTestId('add-to-home-steps')).toBeInTheDocument();
    expect(screen.getByTestId('add-to-home-legacy')).toBeInTheDocument();
    expect(screen.queryByTestId('add-to-home-profile')).toBeNull();
  });
});
