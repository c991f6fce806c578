-- The member's ancestors from its path, root first: the ids before the last ('/1/2/3/' gives {1,2}).
create or replace function path_ancestors(p_path text)
  returns bigint[]
  language sql immutable parallel safe
as $$
select string_to_array(
  btrim(left(p_path, length(p_path) - length(split_part(reverse(p_path), '/', 2)) - 1), '/'),
  '/')::bigint[]
$$
