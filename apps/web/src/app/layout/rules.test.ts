import { describe, expect, it } from 'vitest';
import {
  HOME_PATHS,
  REGISTER_PATHS,
  backTarget,
  footerVisible,
  hasAppHistory,
  headerLeft,
  headerTitleKey,
  headerVisible,
  isHomePath,
  pageName,
  readDeviceShell,
  tallFooter,
} from './rules';

describe('shell rules', () => {
  it('SHELL-029 SHELL-030 names the home and register aliases', () => {
    for (const p of HOME_PATHS) expect(pageName(p)).toBe('home');
    for (const p of REGISTER_PATHS) expect(pageName(p)).toBe('register');
    expect(pageName('/m/home/')).toBe('home');
    expect(pageName('/m/Notice')).toBe('notice');
    expect(pageName('/m/agent/team/overview')).toBeNull();
  });

  it('SHELL-008 hides the header on login, register (all aliases), mine and agent', () => {
    for (const p of ['/m/login', ...REGISTER_PATHS, '/m/mine', '/m/agent']) {
      expect(headerVisible(p), p).toBe(false);
    }
    for (const p of ['/m/home', '/', '/m/help', '/m/notice', '/m/agent/team/overview', '/m/member/home']) {
      expect(headerVisible(p), p).toBe(true);
    }
  });

  it('SHELL-009 SHELL-010 logo on every home path, back arrow elsewhere', () => {
    for (const p of HOME_PATHS) expect(headerLeft(p), p).toBe('logo');
    for (const p of ['/m/help', '/m/notice', '/m/gameList', '/m/homeX', '/m/index.htm']) {
      expect(headerLeft(p), p).toBe('back');
    }
    expect(isHomePath('/m/home')).toBe(true);
    expect(isHomePath('/m/help')).toBe(false);
  });

  it('SHELL-011 back on login, register, trail, notice and forget goes to /m/home even with history', () => {
    for (const p of ['/m/login', '/m/register', '/register.html', '/m/trail', '/m/notice', '/m/forget']) {
      expect(backTarget(p, true), p).toEqual({ to: '/m/home' });
    }
  });

  it('SHELL-012 back elsewhere returns to the previous page when there is history', () => {
    expect(backTarget('/m/help', true)).toBe('history');
    expect(backTarget('/m/gameList', true)).toBe('history');
    expect(backTarget('/m/agent/team/overview', true)).toBe('history');
  });

  it('SHELL-013 back with no history goes to /m/home', () => {
    expect(backTarget('/m/help', false)).toEqual({ to: '/m/home' });
  });

  it('SHELL-012 SHELL-013 history presence comes from react-router history.state.idx', () => {
    expect(hasAppHistory({ idx: 1, key: 'a', usr: null })).toBe(true);
    expect(hasAppHistory({ idx: 0, key: 'a', usr: null })).toBe(false);
    expect(hasAppHistory(null)).toBe(false);
    expect(hasAppHistory({})).toBe(false);
    expect(hasAppHistory({ idx: '3' })).toBe(false);
  });

  it('SHELL-027 hides the footer on the listed pages and shows it elsewhere', () => {
    const hidden = [
      '/m/login',
      '/m/register',
      '/register.html',
      '/m/register.html',
      '/m/trail',
      '/m/launchGame',
      '/m/changePsw',
      '/m/notice',
      '/m/activity',
      '/m/forget',
      '/m/service',
      '/m/moreLottery',
      '/m/useragreement',
      '/m/maintenance',
      '/m/agent',
    ];
    for (const p of hidden) expect(footerVisible(p), p).toBe(false);
    for (const p of ['/', '/m/home', '/m/help', '/m/mine', '/m/activityInfo', '/m/member/notice']) {
      expect(footerVisible(p), p).toBe(true);
    }
  });

  it('SHELL-014 header titles for the ten titled pages', () => {
    expect(headerTitleKey('/m/activity')).toBe('shell.title.activity');
    expect(headerTitleKey('/m/forget')).toBe('shell.title.forget');
    expect(headerTitleKey('/m/trail')).toBe('shell.title.trail');
    expect(headerTitleKey('/m/changePsw', '?first=1')).toBe('shell.title.firstPassword');
    expect(headerTitleKey('/m/notice')).toBe('shell.title.notice');
    expect(headerTitleKey('/m/gameCenter')).toBe('shell.title.gameCenter');
    expect(headerTitleKey('/m/slotsCenter')).toBe('shell.title.slotsCenter');
    expect(headerTitleKey('/m/webEmail')).toBe('shell.title.messages');
    expect(headerTitleKey('/m/message')).toBe('shell.title.messages');
    expect(headerTitleKey('/m/set')).toBe('shell.title.settings');
    expect(headerTitleKey('/m/help')).toBe('shell.title.help');
    expect(headerTitleKey('/m/changePsw')).toBeNull();
    expect(headerTitleKey('/m/home')).toBeNull();
    expect(headerTitleKey('/m/member/team')).toBeNull();
  });

  it('SHELL-028 tall footer only in an iOS app shell with a screen at least 812 high', () => {
    expect(tallFooter({ isIOS: true, standalone: true, screenHeight: 812 })).toBe(true);
    expect(tallFooter({ isIOS: true, standalone: true, screenHeight: 926 })).toBe(true);
    expect(tallFooter({ isIOS: true, standalone: true, screenHeight: 811 })).toBe(false);
    expect(tallFooter({ isIOS: true, standalone: false, screenHeight: 844 })).toBe(false);
    expect(tallFooter({ isIOS: false, standalone: true, screenHeight: 900 })).toBe(false);
  });

  it('SHELL-028 reads iOS, standalone and screen height from the browser', () => {
    const fake = (ua: string, standalone: boolean, height: number, touch = 5) =>
      ({
        navigator: { userAgent: ua, standalone, maxTouchPoints: touch },
        matchMedia: () => ({ matches: false }),
        screen: { height },
      }) as unknown as Window;
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15';
    expect(readDeviceShell(fake(iphone, true, 844))).toEqual({
      isIOS: true,
      standalone: true,
      screenHeight: 844,
    });
    expect(readDeviceShell(fake('Mozilla/5.0 (Linux; Android 14)', false, 900)).isIOS).toBe(false);
    expect(readDeviceShell(fake('Mozilla/5.0 (Macintosh; Intel Mac OS X)', false, 1024)).isIOS).toBe(true);
    expect(readDeviceShell(fake('Mozilla/5.0 (Macintosh; Intel Mac OS X)', false, 1024, 0)).isIOS).toBe(
      false,
    );
  });
});
