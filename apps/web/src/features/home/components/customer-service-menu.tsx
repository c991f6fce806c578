import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { CustomerService } from '@panalo/contract/startup';
import { channelOpensDirectly, serviceChannels, type ServiceChannel } from '../rules/home-content';
import { ChevronIcon, CloseIcon, HeadsetIcon } from './icons';

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

/** Side customer-service menu (CONTENT-009..012): floating button, channels that have entries. */
export function CustomerServiceMenu({ service }: { service: CustomerService }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const fab = useRef<HTMLButtonElement>(null);
  const channels = serviceChannels(service);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      fab.current?.focus();
    };
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [open]);

  if (channels.length === 0) return null;
  return (
    <div className="cs" ref={root} data-testid="cs-menu">
      {open && (
        <nav id={menuId} className="cs-menu" aria-label={t('home.service.title')}>
          {channels.map((c) => (
            <Channel key={c.type} channel={c} />
          ))}
        </nav>
      )}
      <button
        ref={fab}
        type="button"
        className="cs-fab"
        aria-label={open ? t('home.service.close') : t('home.service.open')}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((v) => !v)}
        data-testid="cs-fab"
      >
        {open ? <CloseIcon /> : <HeadsetIcon />}
      </button>
    </div>
  );
}
