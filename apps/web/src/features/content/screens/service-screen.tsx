import { useTranslation } from '../../../i18n/react';
import type { TFunction } from '../../../i18n/translator';
import type { CustomerServiceEntry, CustomerServiceType } from '@panalo/contract/startup';
import { useSite } from '../../../app/site';
import { ContentEmpty } from '../components/content-states';
import { isSafeExternalUrl } from '../lib/external-link';
import '../content.css';

const CHANNELS: readonly CustomerServiceType[] = ['CS', 'TELEGRAM', 'FACEBOOK'];

function channelName(t: TFunction, type: CustomerServiceType): string {
  switch (type) {
    case 'CS':
      return t('content.service.channel.CS');
    case 'TELEGRAM':
      return t('content.service.channel.TELEGRAM');
    case 'FACEBOOK':
      return t('content.service.channel.FACEBOOK');
  }
}

function ChannelIcon({ type }: { type: CustomerServiceType }) {
  switch (type) {
    case 'CS':
      return (
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 5h16v11H9l-5 4z" fill="currentColor" />
        </svg>
      );
    case 'TELEGRAM':
      return (
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M3 11.5 20 4l-3 16-5-4-3 3v-5l8-7-10 6z" fill="currentColor" />
        </svg>
      );
    case 'FACEBOOK':
      return (
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M14 8h3V4h-3c-2.8 0-4 1.8-4 4.5V11H7v4h3v7h4v-7h3l1-4h-4V9c0-.6.4-1 1-1z"
            fill="currentColor"
          />
        </svg>
      );
  }
}

/**
 * /m/service: the merchant's customer-service channels (CONTENT-013), grouped as CS, TELEGRAM and
 * FACEBOOK; a group shows only when it has entries and every entry opens in a new tab.
 */
export function ServiceScreen() {
  const { t } = useTranslation();
  const { bundle } = useSite();
  const groups = CHANNELS.map((type) => ({
    type,
    entries: bundle.info.customerService[type].filter((e: CustomerServiceEntry) => isSafeExternalUrl(e.url)),
  })).filter((g) => g.entries.length > 0);

  return (
    <main className="content-page service" data-testid="service-screen">
      <h1 className="content-title">{t('content.service.title')}</h1>
      {groups.length === 0 ? (
        <ContentEmpty text={t('content.service.empty')} testId="service-empty" />
      ) : (
        <>
          <p className="content-lead">{t('content.service.intro', { name: bundle.site.name })}</p>
          {groups.map((g) => (
            <section
              key={g.type}
              className="service__group"
              aria-labelledby={`service-${g.type}`}
              data-testid={`service-group-${g.type}`}
            >
              <h2 className="service__group-title" id={`service-${g.type}`}>
                {channelName(t, g.type)}
              </h2>
              <ul className="service__list">
                {g.entries.map((e) => (
                  <li key={`${e.title}|${e.url}`}>
                    <a
                      className={`service__entry service__entry--${g.type.toLowerCase()}`}
                      href={e.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      data-testid="service-entry"
                    >
                      <span className="service__icon">
                        <ChannelIcon type={g.type} />
                      </span>
                      <span className="service__entry-title">{e.title}</span>
                      <span className="visually-hidden"> {t('content.service.newTab')}</span>
                      <span className="service__arrow" aria-hidden="true">
                        ›
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </main>
  );
}
