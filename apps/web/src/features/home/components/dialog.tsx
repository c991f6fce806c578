import { useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../../i18n/react';
import { useModal } from '../../../components/ui/use-modal';
import { CloseIcon } from './icons';
import './dialogs.css';

/**
 * Home's light modal (no UI kit on home's first render): a centred card or a bottom sheet with
 * role="dialog" and aria-modal; focus, Escape, scroll lock and the mask's 300 ms guard come from useModal.
 */
export function Dialog(props: {
  labelledBy: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  testId?: string;
  closing?: boolean;
  /** Where the panel sits: centred card or bottom sheet. */
  placement?: 'center' | 'bottom';
}) {
  const panel = useRef<HTMLDivElement>(null);
  const onMask = useModal(true, panel, props.onClose);
  return createPortal(
    <div
      className={`home-dialog home-dialog--${props.placement ?? 'center'}${props.closing ? ' is-closing' : ''}`}
      data-testid={props.testId}
    >
      <div
        className="home-dialog__mask"
        onClick={onMask}
        data-testid={props.testId && `${props.testId}-mask`}
      />
      <div
        ref={panel}
        className={`home-dialog__panel ${props.className ?? ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={props.labelledBy}
        tabIndex={-1}
      >
        {props.children}
      </div>
    </div>,
    document.body,
  );
}

/** The title row of a home dialog with its close button. */
export function DialogHeader(props: {
  titleId: string;
  title: string;
  onClose: () => void;
  closeTestId: string;
}) {
  const { t } = useTranslation();
  return (
    <header className="home-dialog__head">
      <h2 id={props.titleId} className="home-dialog__title">
        {props.title}
      </h2>
      <button
        type="button"
        className="home-icon-btn"
        aria-label={t('common.close')}
        onClick={props.onClose}
        data-testid={props.closeTestId}
      >
        <CloseIcon />
      </button>
    </header>
  );
}
