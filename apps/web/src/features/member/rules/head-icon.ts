import { HEAD_ICON } from '@panalo/contract/profile-rules';

/**
 * The head icon picker's rules (issue 19 item 5): which files it takes, and the square of the picture the
 * cropper shows. Pure, so the arithmetic is tested without a canvas.
 */
export type HeadIconProblem = 'type' | 'size';

/** Why a chosen file cannot be a head icon (spec: png, jpg or webp of at most 2 MB), or null. */
export function headIconFileProblem(file: { type: string; size: number }): HeadIconProblem | null {
  if (!(HEAD_ICON.types as readonly string[]).includes(file.type)) return 'type';
  if (file.size > HEAD_ICON.maxBytes) return 'size';
  return null;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;

/** What the cropper shows: a zoom (1 = the whole short side) and the centre, in picture pixels. */
export interface Crop {
  zoom: number;
  cx: number;
  cy: number;
}

export interface Square {
  sx: number;
  sy: number;
  side: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The square of a w × h picture a crop shows, always inside the picture. */
export function cropSquare(w: number, h: number, crop: Crop): Square {
  const side = Math.min(w, h) / clamp(crop.zoom, MIN_ZOOM, MAX_ZOOM);
  return {
    side,
    sx: clamp(crop.cx - side / 2, 0, w - side),
    sy: clamp(crop.cy - side / 2, 0, h - side),
  };
}

/** The crop that starts: the whole short side, centred. */
export const initialCrop = (w: number, h: number): Crop => ({ zoom: 1, cx: w / 2, cy: h / 2 });

/**
 * The crop after the picture is dragged by (dx, dy) screen pixels in a frame `frame` pixels wide: the
 * picture follows the finger, so the centre moves the other way; it stays where the square fits.
 */
export function dragCrop(w: number, h: number, crop: Crop, dx: number, dy: number, frame: number): Crop {
  const sq = cropSquare(w, h, crop);
  const scale = sq.side / frame;
  const moved = cropSquare(w, h, {
    ...crop,
    cx: sq.sx + sq.side / 2 - dx * scale,
    cy: sq.sy + sq.side / 2 - dy * scale,
  });
  return { ...crop, cx: moved.sx + moved.side / 2, cy: moved.sy + moved.side / 2 };
}

/** The crop at a new zoom, about the same centre (kept inside the picture). */
export function zoomCrop(w: number, h: number, crop: Crop, zoom: number): Crop {
  const next = { ...crop, zoom: clamp(zoom, MIN_ZOOM, MAX_ZOOM) };
  const sq = cropSquare(w, h, next);
  return { ...next, cx: sq.sx + sq.side / 2, cy: sq.sy + sq.side / 2 };
}
