import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import type { SiteLanguage } from '@panalo/contract/startup';
import { changeLanguage } from '../../i18n';
import { useSite } from '../site';
import { Overlay } from './overlay';

export interface LanguageOption {
  code: string;
  /** The language's own name (EN 'English', TY 'Filipino'), written in it (`tag`). */
  name: string;
  tag: string;
  /** Image path of its flag, e.g. flags/US.svg (I18N-006/007). */
  flag: string;
}

/** The merchant's languages in its order, as the switcher lists them. */
export function languageOptions(languages: readonly SiteLanguage[]): LanguageOption[] {
  return languages.map((l) => ({ code: l.code, name: l.name, tag: l.tag, flag: `flags/${l.flag}.svg` }));
}

/** Header language button and its popup (I18N-005..009). */
export function LanguageSwitcher() {
  const site = useSite();
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const options = languageOptions(site.bundle.site.languages);
  const current = options.find((o) => o.code === i18n.language.toUpperCase());

  const choose = async (code: string) => {
    await changeLanguage(i18n, code);
    setOpen(false);
  };

  return (
    <>
      <button
        type="button"
        className="icon-btn lang-btn"
        aria-label={t('shell.language.button', { name: current?.name ?? i18n.language })}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        data-testid="language-button"
      >
        {current ? (
          <img className="lang-btn__flag" src={site.img(current.flag)} alt="" width={22} height={22} />
        ) : (
          <span className="lang-btn__code">{i18n.language}</span>
        )}
      </button>
      <Overlay
        open={open}
        onClose={() => setOpen(false)}
        variant="sheet"
        labelledBy={titleId}
        testId="language-popup"
      >
        <h2 id={titleId} className="sheet__title">
          {t('shell.language.title')}
        </h2>
        <ul className="lang-list">
          {options.map((o) => (
            <li key={o.code}>
              <button
                type="button"
                className="lang-list__item"
                aria-current={o.code === current?.code ? 'true' : undefined}
                {...(o.code === current?.code ? { 'data-autofocus': true } : {})}
                onClick={() => void choose(o.code)}
                data-testid={`language-${o.code}`}
              >
                <img src={site.img(o.flag)} alt="" width={28} height={28} />
                <span lang={o.tag}>{o.name}</span>
              </button>
            </li>
          ))}
        </ul>
      </Overlay>
    </>
  );
}
