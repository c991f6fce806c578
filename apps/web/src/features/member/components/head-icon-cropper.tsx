import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { HEAD_ICON } from '@panalo/contract/profile-rules';
import { useTranslation } from '../../../i18n/react';
import { useModal } from '../../../components/ui/use-modal';
import {
  cropSquare,
  dragCrop,
  initialCrop,
  MAX_ZOOM,
  MIN_ZOOM,
  zoomCrop,
  type Crop,
} from '../rules/head-icon';

/** The frame's side in CSS pixels. */
const FRAME = 240;
/** How far an arrow key moves the picture, in frame pixels. */
const KEY_STEP = 12;

/**
 * Crop a chosen picture to a square (issue 19 item 5): drag it (or use the arrow keys) and zoom with the
 * slider; "use" draws the square at 256 × 256 and hands it over as a data URL (webp where the browser
 * writes it, else png). A file the browser cannot decode is said so here, before anything is sent.
 */
export function HeadIconCropper(props: {
  file: File;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onUse: (dataUrl: string) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const zoomId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const onMask = useModal(true, panel, props.onCancel);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [unreadable, setUnreadable] = useState(false);
  const [crop, setCrop] = useState<Crop | null>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    const url = URL.createObjectURL(props.file);
    const img = new Image();
    img.onload = () => {
      setImage(img);
      setCrop(initialCrop(img.naturalWidth, img.naturalHeight));
    };
    img.onerror = () => setUnreadable(true);
    img.src = url;
    return () => URL.revokeObjectURL(url);
  }, [props.file]);

  useEffect(() => {
    const c = canvas.current;
    if (!c || !image || !crop) return;
    const ratio = window.devicePixelRatio || 1;
    c.width = Math.round(FRAME * ratio);
    c.height = Math.round(FRAME * ratio);
    const sq = cropSquare(image.naturalWidth, image.naturalHeight, crop);
    c.getContext('2d')?.drawImage(image, sq.sx, sq.sy, sq.side, sq.side, 0, 0, c.width, c.height);
  }, [image, crop]);

  const move = (dx: number, dy: number) => {
    if (image && crop) setCrop(dragCrop(image.naturalWidth, image.naturalHeight, crop, dx, dy, FRAME));
  };
  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drag.current) return;
    move(e.clientX - drag.current.x, e.clientY - drag.current.y);
    drag.current = { x: e.clientX, y: e.clientY };
  };
  const onKeyDown = (e: KeyboardEvent<HTMLCanvasElement>) => {
    const step: Record<string, [number, number]> = {
      ArrowLeft: [KEY_STEP, 0],
      ArrowRight: [-KEY_STEP, 0],
      ArrowUp: [0, KEY_STEP],
      ArrowDown: [0, -KEY_STEP],
    };
    const d = step[e.key];
    if (!d) return;
    e.preventDefault();
    move(d[0], d[1]);
  };

  const use = () => {
    if (!image || !crop) return;
    const out = document.createElement('canvas');
    out.width = HEAD_ICON.side;
    out.height = HEAD_ICON.side;
    const sq = cropSquare(image.naturalWidth, image.naturalHeight, crop);
    out.getContext('2d')?.drawImage(image, sq.sx, sq.sy, sq.side, sq.side, 0, 0, out.width, out.height);
    props.onUse(out.toDataURL('image/webp', 0.9));
  };

  return createPortal(
    <div className="mine-sheet" data-testid="head-icon-cropper">
      <div className="mine-sheet__mask" onClick={onMask} />
      <div
        ref={panel}
        className="mine-sheet__panel head-crop"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <h2 id={titleId} className="mine-sheet__title">
          {t('member.home.cropTitle')}
        </h2>
        {unreadable ? (
          <p className="ui-field__error" role="alert" data-testid="head-icon-unreadable">
            {t('member.home.unreadable')}
          </p>
        ) : (
          <>
            <canvas
              ref={canvas}
              className="head-crop__frame"
              style={{ width: FRAME, height: FRAME }}
              tabIndex={0}
              role="img"
              aria-label={t('member.home.cropFrame')}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={() => (drag.current = null)}
              onPointerCancel={() => (drag.current = null)}
              onKeyDown={onKeyDown}
              data-autofocus
              data-testid="head-icon-frame"
            />
            <label className="ui-field head-crop__zoom" htmlFor={zoomId}>
              <span className="ui-field__label">{t('member.home.zoom')}</span>
              <input
                id={zoomId}
                type="range"
                min={MIN_ZOOM}
                max={MAX_ZOOM}
                step={0.05}
                value={crop?.zoom ?? 1}
                disabled={!image}
                onChange={(e) =>
                  image &&
                  crop &&
                  setCrop(zoomCrop(image.naturalWidth, image.naturalHeight, crop, Number(e.target.value)))
                }
                data-testid="head-icon-zoom"
              />
            </label>
          </>
        )}
        {props.error && (
          <p className="ui-field__error" role="alert" data-testid="head-icon-error">
            {props.error}
          </p>
        )}
        <div className="head-crop__actions">
          <button type="button" className="btn btn--ghost" onClick={props.onCancel}>
            {t('member.home.cancel')}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            onClick={use}
            disabled={!image || props.busy}
            data-testid="head-icon-use"
          >
            {props.busy ? t('member.home.saving') : t('member.home.use')}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
