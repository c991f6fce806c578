-- The ledger's monthly partitions (migration 0082): makes the partition of every month from p_from's
-- through p_until's that has none yet, each append-only like its parent, and returns how many it made.
-- A month whose entries already sit in the default partition is left there (the month would have to be
-- moved, which append-only forbids; docs/scale.md): it is skipped and said in a notice. Serialised across
-- processes by an advisory lock; waits at most two seconds for the ledger's lock (making a partition
-- takes one) and then gives up until the next call (the server calls every hour, three months ahead).
create or replace function ledger_entry_partitions(p_from timestamptz, p_until timestamptz)
  returns integer
  language plpgsql
as $$
declare
  m timestamptz := date_trunc('month', p_from at time zone 'UTC') at time zone 'UTC';
  next_m timestamptz;
  name text;
  made integer := 0;
begin
  perform pg_advisory_xact_lock(hashtext('ledger_entry_partitions'));
  set local lock_timeout = '2s';
  while m <= p_until loop
    next_m := (date_trunc('month', m at time zone 'UTC') + interval '1 month') at time zone 'UTC';
    name := format('ledger_entry_y%sm%s', to_char(m at time zone 'UTC', 'YYYY'), to_char(m at time zone 'UTC', 'MM'));
    if to_regclass(name) is null then
      if exists (select 1 from ledger_entry_default where created_at >= m and created_at < next_m) then
        raise notice 'ledger_entry_partitions: % stays in the default partition (it holds entries of that month)', name;
      else
        execute format('create table %I partition of ledger_entry for values from (%L) to (%L)', name, m, next_m);
        execute format(
          'create trigger %I before update or delete or truncate on %I for each statement execute function refuse_change(%L)',
          name || '_append_only', name, 'the ledger is append-only');
        made := made + 1;
      end if;
    end if;
    m := next_m;
  end loop;
  return made;
end
$$
