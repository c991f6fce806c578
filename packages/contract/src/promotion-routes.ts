// The promotion screens' routes (issue 18), apart from the rules: the web's route table (in the first
// page's code) needs only these.

/** The spec's activity routes: the events tab, the reward centre (REWCEN3). */
export const ACTIVITY_ROUTE = '/m/activity';
export const REWARD_CENTRE_ROUTE = '/m/rewardCenter';
/** Invite friends (REFERRAL promotion on). */
export const INVITE_FRIENDS_ROUTE = '/m/inviteFriends';
/** The VIP club's level benefits (VIPBENEFIT on). */
export const BENEFITS_ROUTE = '/m/member/benefits';
/** Manual rebate (MANPLAYREB3) and my rebate (PLYRBT). */
export const MANUAL_REBATE_ROUTE = '/m/member/manualRebate';
export const REBATE_REPORT_ROUTE = '/m/member/rebateReport';
/** Mission activity (MISSION promotion on): missions with my progress, and the leaderboard race. */
export const LEADERBOARD_ROUTE = '/m/leaderBoard';

/** The activity's details (/m/activityInfo?id=): terms, my status, the application form or the action. */
export const ACTIVITY_INFO_ROUTE = '/m/activityInfo';
