const pad = (n: number) => String(n).padStart(2, '0');

/** A record's time as YYYY-MM-DD HH:mm in the viewer's time zone. */
export function formatRecordTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '------ --:--';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
