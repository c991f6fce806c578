import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AmlCase, amlCasesResponse, amlDecideBody } from '@panalo/contract/aml';
import { allOpsQueries } from '../../../lib/query-keys';
import { api } from '../../../lib/api';
import { isFinal, type CaseStatus } from '../rules/cases';
import { amlKeys } from './keys';
import { amlPath } from './aml-paths';

export type { AmlCase };
export type AmlCaseList = z.infer<typeof amlCasesResponse>['value'];
export type AmlDecideBody = z.input<typeof amlDecideBody>;

/** GET /ops/aml/cases?status= (`aml`): the cases of that status, newest first, at most 500. */
export const listCases = (status: CaseStatus) =>
  api<AmlCaseList>('GET', amlPath('cases'), { query: { status } });

export const useAmlCases = (status: CaseStatus) =>
  useQuery({ queryKey: amlKeys.list(status), queryFn: () => listCases(status) });

/** GET /ops/aml/cases/:id (`aml`): one case and its evidence. 404 `aml_case_unknown`. */
export const getCase = (id: string) => api<AmlCase>('GET', amlPath('case', id));

/** One case; not asked for an address that names none (`enabled`). */
export const useAmlCase = (id: string, enabled: boolean) =>
  useQuery({ queryKey: amlKeys.case(id), queryFn: () => getCase(id), enabled, retry: false });

/**
 * POST /ops/aml/cases/:id/decide (`aml`): escalate, freeze (the member's withdrawals are refused until
 * the case is closed or filed), close (no action) or file (reported), with a note; audited. 409
 * `aml_case_decided` once closed or filed; 404 `aml_case_unknown`; 400 (the note).
 */
export const decideCase = (id: string, body: AmlDecideBody) =>
  api<AmlCase>('POST', amlPath('decide', id), { body });

/**
 * A decision on a case: the answer is shown at once, then the case and the queues are read again — every
 * console query when the member's withdrawals were held or let go (their profile, the cashier's queue).
 * After a refusal the same (someone may have decided it meanwhile).
 */
export function useDecideCase(id: string) {
  const queryClient = useQueryClient();
  const reread = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: amlKeys.case(id) }),
      queryClient.invalidateQueries({ queryKey: amlKeys.lists() }),
    ]);
  const mutation = useMutation({
    mutationFn: (body: AmlDecideBody) => decideCase(id, body),
    onSuccess: async (decided, body) => {
      queryClient.setQueryData(amlKeys.case(id), decided);
      const holdMoved = body.decision === 'freeze' || (decided.freezesWithdrawals && isFinal(decided.status));
      await (holdMoved ? queryClient.invalidateQueries({ queryKey: allOpsQueries }) : reread());
    },
    onError: () => reread(),
  });
  return { decide: (body: AmlDecideBody) => mutation.mutateAsync(body), deciding: mutation.isPending };
}
