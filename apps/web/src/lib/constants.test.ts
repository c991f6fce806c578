import { describe, expect, it } from 'vitest';
import {
  COCKFIGHT_GAME_CODE,
  CONTENT_TYPES,
  DIALOG_MASK_GUARD_MS,
  ESPORT_GAME_CODE,
  GAME_SELECTION_TYPES,
  LAZY_IMAGE,
  MIN_IOS_VERSION,
  MODULE_IDS,
  PLAY_TYPES,
  PRIZE_MODES,
  SITE_LANGUAGES,
} from './constants';

describe('site configuration (spec §3)', () => {
  it('I18N-003 I18N-004 default language TY, supported TY and EN', () => {
    expect(SITE_LANGUAGES.default).toBe('TY');
    expect(SITE_LANGUAGES.supported).toEqual(['TY', 'EN']);
  });

  it('CONST-004 prize modes are Lott, ZY and Elott', () => {
    expect(PRIZE_MODES).toEqual(['Lott', 'ZY', 'Elott']);
  });

  it('CONST-005 content types are Agent A, Player PL, Banner B, Pop_Up PU, Promotion PR', () => {
    expect(CONTENT_TYPES).toEqual({ Agent: 'A', Player: 'PL', Banner: 'B', Pop_Up: 'PU', Promotion: 'PR' });
  });

  it('CONST-006 CONST-007 e-sport game code TF, cockfight game code DS88', () => {
    expect(ESPORT_GAME_CODE).toBe('TF');
    expect(COCKFIGHT_GAME_CODE).toBe('DS88');
  });

  it('CONST-008 play types are Tradition and Entertainment', () => {
    expect(PLAY_TYPES).toEqual(['Tradition', 'Entertainment']);
  });

  it('CONST-009 game selection types are NEW, FAV, ALL and HOT', () => {
    expect(GAME_SELECTION_TYPES).toEqual(['NEW', 'FAV', 'ALL', 'HOT']);
  });

  it('CONST-010 module ids', () => {
    expect(MODULE_IDS).toEqual([
      'COMM3',
      'FUNDTRANS3',
      'AGEANNOUNCE3',
      'MEMTRANS3',
      'PERSPNL3',
      'AGEINFO3',
      'AGEDOWNMAN3',
      'REG3',
      'CAPTCHA3',
      'VERIFICATION3',
      'GAMELO3',
      'GAMELOFAV3',
      'GAMELOREC3',
      'GAMELOHOT3',
    ]);
  });
});

describe('business constants (spec §9)', () => {
  it('CONST-014 CONST-015 CONST-016 lazy image threshold 100 px, throttle 300 ms, delay 200 ms', () => {
    expect(LAZY_IMAGE).toEqual({ thresholdPx: 100, scrollThrottleMs: 300, delayMs: 200 });
  });

  it('CONST-017 a dialog ignores mask clicks within 300 ms of opening', () => {
    expect(DIALOG_MASK_GUARD_MS).toBe(300);
  });

  it('CONST-022 the minimum iOS version is 12.4', () => {
    expect(MIN_IOS_VERSION.join('.')).toBe('12.4');
  });
});
