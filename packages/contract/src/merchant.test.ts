import { describe, expect, it } from 'vitest';
import { WHITELABEL_FLAGS } from './merchant';
import { isAgentType, isStaffType, isTrialType, MEMBER_TYPE } from './member';

describe('white-label flags and member types', () => {
  it('ROLE-016 the white-label flags include every flag of spec §6', () => {
    expect(WHITELABEL_FLAGS).toEqual(
      expect.arrayContaining([
        'USERNAMEREG3',
        'MOBILENUMREG3',
        'REGMOBVERF3',
        'MOBILENUMPASSREG3',
        'FACEBOOKLOGIN3',
        'GOOGLELOGIN3',
        'MOBILEVERCODELOGIN3',
        'DEPRECM3',
        'WITHREC3',
        'TRANSREC3',
        'TRANSBETREPMEM3',
        'PERSREP',
        'REWCEN3',
        'MANPLAYREB3',
        'PLYRBT',
        'MAILCEN',
        'FEEDBACK3',
        'AGETRANSFERUP3',
      ]),
    );
  });

  it('ROLE-013 the agent menu permission keys are flags a merchant can switch', () => {
    expect(WHITELABEL_FLAGS).toEqual(
      expect.arrayContaining([
        'AGEPAG',
        'TRANSREC3',
        'DOWNMAN',
        'AGENTRANSMULTDOWN3',
        'AGETEAMPNL3',
        'TEAMBETTING3',
        'GAMSER',
        'AGEREBINC3',
        'SECPRIV',
        'MAILCEN',
      ]),
    );
  });

  it('ROLE-010 type 4 is the free trial; agency is for types other than 0, 4 and 40; staff cannot be members', () => {
    expect(MEMBER_TYPE.TRIAL).toBe(4);
    expect(isTrialType(4)).toBe(true);
    expect([0, 4, 40].map(isAgentType)).toEqual([false, false, false]);
    expect([1, 2, 41, 42].map(isAgentType)).toEqual([true, true, true, true]);
    expect(isAgentType(MEMBER_TYPE.OPERATOR)).toBe(false);
    expect(isStaffType(MEMBER_TYPE.OPERATOR)).toBe(true);
  });
});
