import { useCallback, useId, useRef, useState } from 'react';
import { lazyScreen } from '../../../components/ui/lazy-screen';
import { useTranslation } from '../../../i18n/react';
import type { CustomerService } from '@panalo/contract/startup';
import { serviceChannels } from '../rules/home-content';
import { CloseIcon, HeadsetIcon } from './icons';

// The open panel's code comes on the first tap (nothing stands in meanwhile; a failed load offers a retry).
const CustomerServicePanel = lazyScreen(() => import('./customer-service-panel').then((m) => m.default), {
  placeholder: null,
});

/** Side customer-service menu (CONTENT-009..012): floating button, channels that have entries. */
export function CustomerServiceMenu({ service }: { service: CustomerService }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const fab = useRef<HTMLButtonElement>(null);
  const channels = serviceChannels(service);
  // The open panel closes itself on Escape (the focus back on the button) or a press outside the menu.
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) fab.current?.focus();
  }, []);

  if (channels.length === 0) return null;
  return (
    <div className="cs" data-testid="cs-menu">
      {open && <CustomerServicePanel id={menuId} channels={channels} onClose={close} />}
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
