// Member-site routes that the web's route table (in the first page's code) needs, apart from their
// areas' rules: a module shared by the first page and a lazy screen is bundled whole into the first
// page, so the route table imports its paths from here (as from promotion-routes and contract-routes).

/** The spec's route of the member's profile (member centre version mem_cen '1'). */
export const PROFILE_ROUTE = '/m/member/home';
/** The spec's route of the message centre (member centre and agent grid entry MAILCEN). */
export const MAIL_ROUTE = '/m/webEmail';
/** Site messages (/m/message): the merchant's player notices with my read state. */
export const MESSAGE_ROUTE = '/m/message';
/** Feedback (issue 19 item 3). */
export const FEEDBACK_ROUTE = '/m/feedback';
/** The spec's route of the rain screen (agent grid entry AGENTRANSMULTDOWN3). */
export const RAIN_ROUTE = '/m/redRain';
/** Verification (issue 53): the member's level, what it allows, the documents to send. */
export const VERIFICATION_ROUTE = '/m/verification';
