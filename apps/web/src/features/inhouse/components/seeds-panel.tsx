import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { Rotated, SeedView } from '../api/inhouse-api';

/**
 * Commit–reveal, in view: the hash of the server seed in play (shown before any round), the client seed
 * the member may change, the next nonce; rotating reveals the seed that was hashed.
 */
export function SeedsPanel(p: {
  seed: SeedView | undefined;
  revealed: Rotated['revealed'] | null;
  onRotate: (clientSeed?: string) => void;
  busy: boolean;
  /** Why the last rotation was refused (e.g. a mines round still open). */
  problem?: string | null;
}) {
  const { t } = useTranslation();
  const [client, setClient] = useState('');
  return (
    <details className="ih-panel" data-testid="seeds-panel">
      <summary>{t('inhouse.seeds.title')}</summary>
      {p.seed ? (
        <dl className="ih-seeds">
          <dt>{t('inhouse.seeds.hash')}</dt>
          <dd className="ih-mono" data-testid="seed-hash">
            {p.seed.serverSeedHash}
          </dd>
          <dt>{t('inhouse.seeds.client')}</dt>
          <dd className="ih-mono">{p.seed.clientSeed}</dd>
          <dt>{t('inhouse.seeds.nonce')}</dt>
          <dd>{p.seed.nonce}</dd>
        </dl>
      ) : (
        <p>{t('inhouse.loading')}</p>
      )}
      <form
        className="ih-rotate"
        onSubmit={(e) => {
          e.preventDefault();
          p.onRotate(client.trim() || undefined);
        }}
      >
        <label>
          {t('inhouse.seeds.newClient')}
          <input value={client} maxLength={64} onChange={(e) => setClient(e.target.value)} />
        </label>
        <button type="submit" disabled={p.busy} data-testid="rotate-seed">
          {t('inhouse.seeds.rotate')}
        </button>
      </form>
      {p.problem && (
        <p className="ih-error" role="alert" data-testid="rotate-error">
          {p.problem}
        </p>
      )}
      {p.revealed && (
        <p className="ih-note" data-testid="revealed-seed">
          {t('inhouse.seeds.revealed')} <span className="ih-mono">{p.revealed.serverSeed}</span>
        </p>
      )}
    </details>
  );
}
