import { getGame } from './registry';
import type { GameConfig, GameConfigOverride } from './types';

/** A game's effective settings for one merchant: the game's defaults with the merchant's overrides on top. */
export function resolveConfig(gameCode: string, override: GameConfigOverride = {}): GameConfig {
  const d = getGame(gameCode).defaults;
  const odds = { ...d.odds };
  for (const [bt, o] of Object.entries(override.odds ?? {})) odds[bt] = { ...d.odds[bt], ...o };
  const limits = { ...d.limits };
  for (const [bt, l] of Object.entries(override.limits ?? {})) {
    const base = d.limits[bt];
    if (!base) continue;
    limits[bt] = {
      minStakeMinor: l.minStakeMinor ?? base.minStakeMinor,
      maxStakeMinor: l.maxStakeMinor ?? base.maxStakeMinor,
    };
  }
  const cfg: GameConfig = {
    enabled: override.enabled ?? d.enabled,
    disabledBetTypes: override.disabledBetTypes ?? d.disabledBetTypes,
    odds,
    limits,
  };
  if (d.jackpot) cfg.jackpot = { ...d.jackpot, ...override.jackpot };
  return cfg;
}
