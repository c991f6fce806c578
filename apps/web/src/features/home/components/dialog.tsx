import { useEffect, useEffectEvent, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './dialogs.css';

/** Spec §9: a dialog ignores mask clicks within 300 ms of opening (the tap that opened it). */
export const MASK_GRACE_MS = 300;

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A light modal (no UI kit on home's first render): role="dialog", aria-modal, Escape and mask close,
 * focus kept inside while open and given back to the opener when it closes.
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
  const openedAt = useRef(0);
  const close = useEffectEvent(() => props.onClose());

  useEffect(() => {
    openedAt.current = performance.now();
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const el = panel.current;
    (el?.querySelector<HTMLElement>('[data-autofocus]') ?? el)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        close();
      } else if (e.key === 'Tab' && el) {
        const items = [...el.querySelectorAll<HTMLElement>(FOCUSABLE)];
        const first = items[0];
        const last = items[items.length - 1];
        if (!first || !last) return e.preventDefault();
        if (e.shiftKey && (document.activeElement === first || document.activeElement === el)) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, []);

  const onMask = () => {
    if (performance.now() - openedAt.current >= MASK_GRACE_MS) props.onClose();
  };

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
