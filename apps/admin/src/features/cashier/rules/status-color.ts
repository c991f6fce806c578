/** A deposit's or a withdrawal's status as a badge colour. */
export function statusColor(status: string): string {
  return status === 'pending'
    ? 'yellow'
    : status === 'paid'
      ? 'green'
      : status === 'rejected'
        ? 'red'
        : 'gray';
}
