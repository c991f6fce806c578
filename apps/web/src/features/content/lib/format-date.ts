const pad = (n: number) => String(n).padStart(2, '0');

/** A notice's date as YYYY-MM-DD HH:mm in the viewer's time zone (the same in every language). */
export function formatNoticeDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
