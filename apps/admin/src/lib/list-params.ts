import { useSearchParams } from 'react-router';

/** A list's page and filters kept in the URL (a reload or a shared link shows the same page). */
export function useListParams<F extends string>(filters: readonly F[]) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const values = Object.fromEntries(filters.map((f) => [f, params.get(f) ?? ''])) as Record<F, string>;
  return {
    page,
    values,
    setPage: (p: number) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        next.set('page', String(p));
        return next;
      }),
    /** Several filters at once (a filter form's Apply); an empty value removes its filter. */
    setFilters: (next: Partial<Record<F, string>>) =>
      setParams((prev) => {
        const out = new URLSearchParams(prev);
        for (const [name, value] of Object.entries(next) as [F, string][]) {
          if (value) out.set(name, value);
          else out.delete(name);
        }
        out.delete('page');
        return out;
      }),
    setFilter: (name: F, value: string) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(name, value);
        else next.delete(name);
        next.delete('page');
        return next;
      }),
  };
}
