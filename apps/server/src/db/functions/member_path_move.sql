create or replace function member_path_move()
  returns trigger
  language plpgsql
as $$
begin
  update member set path = new.path || substr(path, length(old.path) + 1)
    where merchant_id = new.merchant_id and path > old.path and path < left(old.path, -1) || '0';
  return null;
end
$$
