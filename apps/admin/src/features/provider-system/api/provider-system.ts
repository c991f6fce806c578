import type { ProviderSystem } from '@panalo/contract/provider';
import { PROVIDER_PATHS } from '@panalo/contract/provider-rules';
import { providerApi } from '../../../lib/provider-api';

export type { ProviderSystem };
/** The streaming replica as the answering API process sees it. */
export type ReplicaStatus = ProviderSystem['replica'];

/** How often the screen asks again (the replica's lag moves by the second). */
export const SYSTEM_REFRESH_MS = 5_000;

/** The platform's parts as the API process that answered sees them: the database and its replica (`system`). */
export const getProviderSystem = () => providerApi<ProviderSystem>('GET', PROVIDER_PATHS.system);
