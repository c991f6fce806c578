import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/react';

const USERNAME_PREFIX = /^[A-Za-z0-9_]{0,32}$/;

/**
 * A username search, sent on submit (the server looks the prefix up over the whole team). Only the
 * characters usernames have are accepted, so a search never fails on the server's check.
 */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(value);
  const valid = USERNAME_PREFIX.test(text);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (valid) onSearch(text.trim());
  };
  return (
    <form role="search" className="agency-search" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {t('agency.search.label')}
      </label>
      <input
        id={id}
        type="search"
        className="ui-input agency-search__input"
        value={text}
        maxLength={32}
        placeholder={t('agency.search.placeholder')}
        aria-invalid={!valid}
        onChange={(e) => setText(e.target.value)}
        data-testid="team-search"
      />
      <button type="submit" className="btn btn--primary" disabled={!valid} data-testid="team-search-submit">
        {t('agency.search.submit')}
      </button>
    </form>
  );
}
