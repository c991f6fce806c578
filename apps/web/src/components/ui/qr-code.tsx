import { useMemo } from 'react';
import qrcode from 'qrcode-generator';

/** The dark modules of a QR code for `value` as one SVG path (a 1×1 square per module). */
export function qrPath(value: string): { size: number; d: string } {
  const qr = qrcode(0, 'M');
  qr.addData(value);
  qr.make();
  const size = qr.getModuleCount();
  let d = '';
  for (let r = 0; r < size; r++)
    for (let c = 0; c < size; c++) if (qr.isDark(r, c)) d += `M${c} ${r}h1v1h-1z`;
  return { size, d };
}

/**
 * A QR code drawn as SVG (crisp at any size, no canvas): dark on white with the quiet zone the standard
 * asks for, whatever the theme, so that every camera reads it. `label` names it for screen readers.
 */
export function QrCode({ value, label, px = 168 }: { value: string; label: string; px?: number }) {
  const { size, d } = useMemo(() => qrPath(value), [value]);
  const quiet = 4;
  return (
    <svg
      role="img"
      aria-label={label}
      width={px}
      height={px}
      viewBox={`${-quiet} ${-quiet} ${size + 2 * quiet} ${size + 2 * quiet}`}
      shapeRendering="crispEdges"
      data-testid="qr-code"
    >
      <rect x={-quiet} y={-quiet} width={size + 2 * quiet} height={size + 2 * quiet} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
