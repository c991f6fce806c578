import { useTranslation } from '../../../i18n/react';
import type { MerchantBankAccount } from '../api/deposit-options';
import { CopyButton } from '../../../components/ui/copy-button';

interface Props {
  accounts: MerchantBankAccount[];
  selected: string | null;
  onSelect: (id: string) => void;
  error: string | null;
}

/** The merchant's accounts to transfer to, shown in full (the member needs the number) with copy. */
export function BankAccounts({ accounts, selected, onSelect, error }: Props) {
  const { t } = useTranslation();
  return (
    <fieldset
      className={`cs-group${error ? ' cs-group--invalid' : ''}`}
      aria-describedby={error ? 'cs-bank-account-error' : undefined}
    >
      <legend className="cs-field__label">{t('cashier.deposit.pickAccount')}</legend>
      <ul className="cs-options">
        {accounts.map((a) => {
          const inputId = `cs-bank-account-${a.id}`;
          return (
            <li key={a.id} className={`cs-option${selected === a.id ? ' cs-option--on' : ''}`}>
              <input
                type="radio"
                id={inputId}
                name="bankAccount"
                value={a.id}
                checked={selected === a.id}
                onChange={() => onSelect(a.id)}
                data-testid={`deposit-bank-account-${a.id}`}
              />
              <label htmlFor={inputId} className="cs-option__label">
                <span className="cs-option__title">{a.bankName}</span>
                {a.branch && <span className="cs-muted">{a.branch}</span>}
              </label>
              <dl className="cs-account">
                <div>
                  <dt>{t('cashier.deposit.accountName')}</dt>
                  <dd>
                    <span data-testid={`bank-account-name-${a.id}`}>{a.accountName}</span>
                    <CopyButton
                      value={a.accountName}
                      label={`${t('cashier.deposit.accountName')} (${a.bankName})`}
                    />
                  </dd>
                </div>
                <div>
                  <dt>{t('cashier.deposit.accountNumber')}</dt>
                  <dd>
                    <span className="cs-mono" data-testid={`bank-account-number-${a.id}`}>
                      {a.accountNumber}
                    </span>
                    <CopyButton
                      value={a.accountNumber}
                      label={`${t('cashier.deposit.accountNumber')} (${a.bankName})`}
                      testId={`copy-account-number-${a.id}`}
                    />
                  </dd>
                </div>
              </dl>
            </li>
          );
        })}
      </ul>
      {error && (
        <p id="cs-bank-account-error" className="cs-field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
