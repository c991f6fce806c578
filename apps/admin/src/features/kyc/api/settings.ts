import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KycSettings } from '@panalo/contract/kyc';
import { api } from '../../../lib/api';
import { kycKeys } from './keys';
import { kycPath } from './kyc-paths';

export type { KycSettings };

/** GET /ops/kyc/settings (`kyc`): the merchant's settings (the defaults, off, when never saved). */
export const getKycSettings = () => api<KycSettings>('GET', kycPath('settings'));

export const useKycSettings = (enabled = true) =>
  useQuery({ queryKey: kycKeys.settings(), queryFn: getKycSettings, enabled });

/**
 * PUT /ops/kyc/settings (`site.control`): the whole settings (audited as `kyc.settings`). 400
 * `kyc_settings_invalid` (a daily ceiling above its monthly one), validation.
 */
export const putKycSettings = (settings: KycSettings) =>
  api<KycSettings>('PUT', kycPath('settings'), { body: settings });

/** Saves the settings: the answer becomes the cached settings. */
export function useSaveKycSettings() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: putKycSettings,
    onSuccess: (saved) => queryClient.setQueryData(kycKeys.settings(), saved),
  });
  return { save: (settings: KycSettings) => mutation.mutateAsync(settings), saving: mutation.isPending };
}
