import { useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useModal } from '../../../components/ui/use-modal';

export interface DialogProps {
  title: string;
  body: string;
  okLabel: string;
  onOk: () => void;
  /** With a cancel label the dialog asks (two buttons, focus on cancel); without, it tells (one). */
  cancelLabel?: string;
  onCancel?: () => void;
  testId?: string;
}

/**
 * A light alert dialog (role=alertdialog, aria-modal, Escape closes, focus kept inside and returned)
 * built on the shared modal hook, so that no UI kit is loaded for one question.
 */
export function Dialog(p: DialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = p.onCancel ?? p.onOk;
  const onMask = useModal(true, panel, close);
  return createPortal(
    <div className="pw-dialog" data-testid={p.testId}>
      <div className="pw-dialog__mask" onClick={onMask} />
      <div
        ref={panel}
        className="pw-dialog__panel"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        tabIndex={-1}
      >
        <h2 id={titleId} className="pw-dialog__title">
          {p.title}
        </h2>
        <p id={bodyId} className="pw-dialog__body">
          {p.body}
        </p>
        <div className="pw-dialog__actions">
          {p.cancelLabel && (
            <button type="button" className="btn pw-btn--ghost" onClick={close} data-autofocus>
              {p.cancelLabel}
            </button>
          )}
          <button
            type="button"
            className="btn btn--primary"
            onClick={p.onOk}
            data-autofocus={p.cancelLabel ? undefined : true}
          >
            {p.okLabel}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
