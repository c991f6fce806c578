create or replace function refuse_change()
  returns trigger
  language plpgsql
as $$
begin
  raise exception '% on % is not allowed (%)', tg_op, tg_table_name, tg_argv[0]
    using errcode = 'P0001';
end
$$
