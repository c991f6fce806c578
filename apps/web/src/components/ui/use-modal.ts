import { useCallback, useEffect, useEffectEvent, useRef, type RefObject } from 'react';
import { DIALOG_MASK_GUARD_MS } from '../../lib/constants';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

// Only the top-most open dialog answers Escape and Tab, so a dialog opened over another closes alone.
const stack: HTMLElement[] = [];

/**
 * Focus handling for a light dialog (a "trap-lite"): while open, focus moves into the panel (to the
 * element marked data-autofocus, else the first focusable one), Tab and Shift+Tab wrap inside it,
 * Escape closes it, and on close focus returns to where it was.
 */
function useDialogFocus(open: boolean, panelRef: RefObject<HTMLElement | null>, onClose: () => void): void {
  const close = useEffectEvent(onClose);
  useEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const focusables = () => Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = panel.querySelector<HTMLElement>('[data-autofocus]') ?? focusables()[0] ?? panel;
    first.focus();
    stack.push(panel);

    const onKey = (e: KeyboardEvent) => {
      if (stack[stack.length - 1] !== panel) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        close();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = focusables();
      const head = items[0];
      const tail = items[items.length - 1];
      if (!head || !tail) {
        e.preventDefault();
        return;
      }
      const active = document.activeElement;
      if (e.shiftKey && (active === head || !panel.contains(active))) {
        e.preventDefault();
        tail.focus();
      } else if (!e.shiftKey && (active === tail || !panel.contains(active))) {
        e.preventDefault();
        head.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      const i = stack.lastIndexOf(panel);
      if (i >= 0) stack.splice(i, 1);
      if (previous?.isConnected) previous.focus();
    };
  }, [open, panelRef]);
}

/**
 * Everything a light modal needs besides its look: focus kept inside (above), the page behind locked
 * from scrolling, and a mask click handler that ignores clicks within 300 ms of opening (spec §9: the
 * tap that opened the dialog must not close it).
 */
export function useModal(
  open: boolean,
  panelRef: RefObject<HTMLElement | null>,
  onClose: () => void,
): () => void {
  const openedAt = useRef(0);
  useEffect(() => {
    if (!open) return;
    openedAt.current = performance.now();
    const body = document.body.style;
    const before = body.overflow;
    body.overflow = 'hidden';
    return () => {
      body.overflow = before;
    };
  }, [open]);
  useDialogFocus(open, panelRef, onClose);
  return useCallback(() => {
    if (performance.now() - openedAt.current >= DIALOG_MASK_GUARD_MS) onClose();
  }, [onClose]);
}
