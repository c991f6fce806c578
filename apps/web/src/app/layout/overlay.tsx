import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useDialogFocus } from './use-dialog-focus';
import './overlay.css';

/** Spec §9: a dialog ignores mask clicks within 300 ms of opening (the tap that opened it lands late). */
export const MASK_GUARD_MS = 300;

export interface OverlayProps {
  open: boolean;
  onClose: () => void;
  /** drawer: slides in from the right; sheet: rises from the bottom; dialog: centred box. */
  variant: 'drawer' | 'sheet' | 'dialog';
  labelledBy: string;
  describedBy?: string;
  role?: 'dialog' | 'alertdialog';
  testId?: string;
  children: ReactNode;
}

/**
 * The shell's light modal: a mask and a panel with role=dialog, rendered into <body> so that no
 * ancestor's stacking context can clip it. Plain React and CSS, because the menu and the language
 * switcher are on the first page and antd-mobile would not fit the first-load budget.
 */
export function Overlay(props: OverlayProps) {
  const { open, onClose } = props;
  const panelRef = useRef<HTMLDivElement>(null);
  const openedAt = useRef(0);
  useEffect(() => {
    if (!open) return;
    openedAt.current = Date.now();
    // The page behind a modal must not scroll under the user's finger.
    const body = document.body.style;
    const before = body.overflow;
    body.overflow = 'hidden';
    return () => {
      body.overflow = before;
    };
  }, [open]);
  useDialogFocus(open, panelRef, onClose);
  if (!open) return null;
  return createPortal(
    <div className={`overlay overlay--${props.variant}`}>
      <div
        className="overlay__mask"
        data-testid={props.testId ? `${props.testId}-mask` : undefined}
        onClick={() => {
          if (Date.now() - openedAt.current >= MASK_GUARD_MS) onClose();
        }}
      />
      <div
        ref={panelRef}
        className="overlay__panel"
        role={props.role ?? 'dialog'}
        aria-modal="true"
        aria-labelledby={props.labelledBy}
        aria-describedby={props.describedBy}
        tabIndex={-1}
        data-testid={props.testId}
      >
        {props.children}
      </div>
    </div>,
    document.body,
  );
}
