// The contract screens' routes (issue 17), apart from the terms' rules: the web's route table (in the
// first page's code) needs only these.
import type { ContractKind } from './contract-terms';

/** The contract screens of spec §2 (SHELL-042), one per kind: the prompt's go opens them (AGENT-031). */
export const CONTRACT_ROUTE: Record<ContractKind, string> = {
  daily_salary: '/m/member/agent/getSalaryContract',
  hourly_salary: '/m/member/agent/getHourContract',
  dividend: '/m/member/agent/getDevidendContract',
};

/** Spec §2: the agent's dividend screen (running period, history, payouts; AGENT-018's footer item). */
export const DIVIDEND_ROUTE = '/m/member/agent/agentDivident';

/** Ours: an upline's screen for one direct downline's contracts and a new offer (?memberId=&username=). */
export const CONTRACT_OFFER_ROUTE = '/m/agent/contracts';
