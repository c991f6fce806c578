import { useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useModal } from '../../components/ui/use-modal';
import './overlay.css';

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
  const onMask = useModal(open, panelRef, onClose);
  if (!open) return null;
  return createPortal(
    <div className={`overlay overlay--${props.variant}`}>
      <div
        className="overlay__mask"
        data-testid={props.testId ? `${props.testId}-mask` : undefined}
        onClick={onMask}
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
