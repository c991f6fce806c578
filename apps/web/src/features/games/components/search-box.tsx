import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { isSubmitKey, normaliseSearch } from '../rules/search';

/** GAMES-004 / VALID-034: the search runs when Enter is pressed, never while typing. */
export function SearchBox({
  initial,
  onSearch,
}: {
  initial: string;
  onSearch: (name: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  return (
    <div role="search" className="games-search">
      <input
        type="search"
        className="games-search__input"
        value={text}
        enterKeyHint="search"
        aria-label={t('games.search.label')}
        placeholder={t('games.search.placeholder')}
        maxLength={64}
        data-testid="games-search"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (!isSubmitKey(e.key, e.nativeEvent.isComposing)) return;
          e.preventDefault();
          onSearch(normaliseSearch(text));
        }}
      />
    </div>
  );
}
