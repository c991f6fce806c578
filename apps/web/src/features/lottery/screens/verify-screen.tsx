import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorKey } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { verifyQueryOptions } from '../api/lottery-api';
import { gameCodeParam, numeroParam, verifyUrl } from '../rules/routes';
import '../lottery.css';

/**
 * /m/lottery/verify?code=&numero=: a draw's commitment checked in the open — the hash published before
 * the period opened, the seed revealed at the draw, the stored result and the result the server
 * recomputes from the seed now.
 */
export function VerifyScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = gameCodeParam(params.get('code'));
  const numero = numeroParam(params.get('numero'));
  const [codeText, setCodeText] = useState(params.get('code') ?? '');
  const [numeroText, setNumeroText] = useState(params.get('numero') ?? '');
  const verify = useQuery({
    ...verifyQueryOptions(code ?? '', numero ?? ''),
    enabled: code !== null && numero !== null,
  });
  const v = verify.data;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    void navigate(verifyUrl(codeText.trim().toUpperCase(), numeroText.trim()), { replace: true });
  };
  return (
    <main className="lott-page lott-verify" data-testid="lottery-verify">
      <h1>{t('lottery.verify.title')}</h1>
      <form onSubmit={submit} noValidate>
        <label>
          {t('lottery.verify.game')}
          <input
            value={codeText}
            onChange={(e) => setCodeText(e.target.value)}
            autoCapitalize="characters"
            data-testid="verify-code"
          />
        </label>
        <label>
          {t('lottery.verify.numero')}
          <input
            value={numeroText}
            inputMode="numeric"
            onChange={(e) => setNumeroText(e.target.value)}
            data-testid="verify-numero"
          />
        </label>
        <button type="submit" className="btn btn--primary">
          {t('lottery.verify.check')}
        </button>
      </form>
      {code === null || numero === null ? (
        <p className="lott-muted">{t('lottery.verify.missing')}</p>
      ) : verify.isPending ? (
        <p className="lott-muted" aria-busy="true">
          {t('lottery.loading')}
        </p>
      ) : !v ? (
        <p className="lott-error" role="alert" data-testid="verify-error">
          {verify.error instanceof ApiError && verify.error.status < 500 && verify.error.status > 0
            ? t(errorKey(verify.error.code))
            : t('lottery.verify.loadFailed')}
        </p>
      ) : (
        <section className="lott-panel" aria-live="polite" data-testid="verify-result">
          <dl>
            <dt>{t('lottery.verify.state')}</dt>
            <dd>{t(`lottery.verify.states.${v.state}`)}</dd>
            <dt>{t('lottery.verify.seedHash')}</dt>
            <dd data-testid="verify-hash">{v.seedHash ?? '—'}</dd>
            <dt>{t('lottery.verify.seed')}</dt>
            <dd data-testid="verify-seed">{v.seed ?? '—'}</dd>
            <dt>{t('lottery.verify.result')}</dt>
            <dd data-testid="verify-stored">{v.result ?? '—'}</dd>
            <dt>{t('lottery.verify.recomputed')}</dt>
            <dd data-testid="verify-recomputed">{v.recomputed ?? '—'}</dd>
          </dl>
          <p
            className={`lott-verdict${v.verified === true ? ' lott-verdict--ok' : v.verified === false ? ' lott-verdict--bad' : ''}`}
            data-testid="verify-verdict"
          >
            {t(
              v.verified === null
                ? 'lottery.verify.pending'
                : v.verified
                  ? 'lottery.verify.verified'
                  : 'lottery.verify.failed',
            )}
          </p>
          <p className="lott-muted">{t('lottery.verify.how')}</p>
        </section>
      )}
    </main>
  );
}
