// Zod-free on purpose: the web client imports rules like this one without pulling the schemas in.
export type StartupMode = 'maintenance' | 'restricted' | 'app';

/** Spec §4: maintenance wins over restriction; neither gives the app. */
export function startupMode(bundle: { maintenance: unknown; regionRestriction: unknown }): StartupMode {
  if (bundle.maintenance) return 'maintenance';
  if (bundle.regionRestriction) return 'restricted';
  return 'app';
}
