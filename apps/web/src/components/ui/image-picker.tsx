import { useEffect, useMemo, type RefObject } from 'react';

/**
 * Chosen images with a preview each and a button to take one out. The previews are object URLs of the
 * files themselves (nothing is uploaded until the form is sent), let go when the list changes.
 */
export function ImagePreviews({
  files,
  onRemove,
  label,
  removeLabel,
  removeText,
}: {
  files: File[];
  onRemove: (index: number) => void;
  label: string;
  removeLabel: (name: string) => string;
  removeText: string;
}) {
  const urls = useMemo(
    () => files.map((f) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(f) : '')),
    [files],
  );
  useEffect(() => () => urls.forEach((u) => u && URL.revokeObjectURL(u)), [urls]);
  if (files.length === 0) return null;
  return (
    <ul className="ui-previews" aria-label={label} data-testid="image-previews">
      {files.map((f, i) => (
        <li key={`${f.name}-${i}`} className="ui-previews__item">
          {urls[i] ? <img src={urls[i]} alt={f.name} className="ui-previews__img" /> : null}
          <span className="ui-previews__name">{f.name}</span>
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => onRemove(i)}
            aria-label={removeLabel(f.name)}
          >
            {removeText}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Clears a file input so the same file can be chosen again after it was taken out. */
export const clearFileInput = (ref: RefObject<HTMLInputElement | null>) => {
  if (ref.current) ref.current.value = '';
};
