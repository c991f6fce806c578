import { useId } from 'react';
import { Overlay } from './overlay';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body: string;
  okLabel: string;
  cancelLabel: string;
  onOk: () => void;
  onCancel: () => void;
  testId?: string;
}

/** A yes/no question; focus starts on cancel so that Enter alone never confirms. */
export function ConfirmDialog(p: ConfirmDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  return (
    <Overlay
      open={p.open}
      onClose={p.onCancel}
      variant="dialog"
      role="alertdialog"
      labelledBy={titleId}
      describedBy={bodyId}
      {...(p.testId ? { testId: p.testId } : {})}
    >
      <div className="confirm">
        <h2 id={titleId} className="confirm__title">
          {p.title}
        </h2>
        <p id={bodyId} className="confirm__body">
          {p.body}
        </p>
      </div>
      <div className="confirm__actions">
        <button type="button" className="btn btn--ghost" onClick={p.onCancel} data-autofocus>
          {p.cancelLabel}
        </button>
        <button type="button" className="btn btn--primary" onClick={p.onOk}>
          {p.okLabel}
        </button>
      </div>
    </Overlay>
  );
}
