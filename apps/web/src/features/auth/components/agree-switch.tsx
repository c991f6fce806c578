import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';

/** AUTH-009/010: the agreement switch (starts on); with it off, submit is disabled. */
export function AgreeSwitch(props: {
  on: boolean;
  onChange: (on: boolean) => void;
  age: number;
  agreementPath: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="auth-agree">
      <button
        type="button"
        role="switch"
        className="auth-switch"
        aria-checked={props.on}
        aria-labelledby="agree-label"
        onClick={() => props.onChange(!props.on)}
        data-testid="agree-switch"
      >
        <span className="auth-switch__knob" aria-hidden="true" />
      </button>
      <span id="agree-label" className="auth-agree__text">
        {t('auth.register.agree', { age: props.age })}{' '}
        <Link to={props.agreementPath} className="auth-link">
          {t('auth.register.agreement')}
        </Link>
      </span>
    </div>
  );
}
