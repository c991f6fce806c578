import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { channelOpensDirectly, type ServiceChannel } from '../rules/home-content';
import { ChevronIcon } from './icons';

function Channel({ channel }: { channel: ServiceChannel }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const label = t(`home.service.${channel.type}`);
  const only = channel.entries[0];
  if (channelOpensDirectly(channel) && only) {
    return (
      <a
        className="cs-menu__channel"
        href={only.url}
        target="_blank"
        rel="noopener noreferrer"
        data-testid={`cs-${channel.type}`}
        title={only.title}
      >
        {label}
        <span className="visually-hidden"> {t('home.service.newTab')}</span>
      </a>
    );
  }
  return (
    <>
      <button
        type="button"
        className="cs-menu__channel"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded((v) => !v)}
        data-testid={`cs-${channel.type}`}
      >
        {label}
        <ChevronIcon dir={expanded ? 'down' : 'right'} />
      </button>
      <ul id={listId} className="cs-menu__entries" hidden={!expanded}>
        {channel.entries.map((e) => (
          <li key={e.url}>
            <a className="cs-menu__entry" href={e.url} target="_blank" rel="noopener noreferrer">
              {e.title}
              <span className="visually-hidden"> {t('home.service.newTab')}</span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The open customer-service menu: its channels (loaded on the first tap, not with home). Escape closes it
 * (the focus goes back to the button); so does a press anywhere outside the menu.
 */
export default function CustomerServicePanel({
  id,
  channels,
  onClose,
}: {
  id: string;
  channels: ServiceChannel[];
  onClose: (refocus: boolean) => void;
}) {
  const { t } = useTranslation();
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose(true);
    };
    const onDown = (e: PointerEvent) => {
      const menu = nav.current?.closest('.cs');
      if (!menu?.contains(e.target as Node)) onClose(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [onClose]);
  return (
    <nav ref={nav} id={id} className="cs-menu" aria-label={t('home.service.title')}>
      {channels.map((c) => (
        <Channel key={c.type} channel={c} />
      ))}
    </nav>
  );
}
