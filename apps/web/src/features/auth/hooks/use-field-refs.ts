import { useCallback, useRef } from 'react';

/** Inputs by field name, so that a failed submit can focus the first invalid one (VALID-018). */
export function useFieldRefs<K extends string>() {
  const inputs = useRef(new Map<K, HTMLInputElement>());
  const bind = useCallback(
    (name: K) => (el: HTMLInputElement | null) => {
      if (el) inputs.current.set(name, el);
      else inputs.current.delete(name);
    },
    [],
  );
  const focus = useCallback((name: K) => {
    const el = inputs.current.get(name);
    el?.focus();
    el?.scrollIntoView?.({ block: 'center' });
  }, []);
  return { bind, focus };
}
