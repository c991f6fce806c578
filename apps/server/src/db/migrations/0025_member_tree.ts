import { sql, type Kysely } from 'kysely';

/**
 * Issue 16 item 1: the downline tree. Every member keeps its ancestor path beside its upline_id, as
 * `/<top>/…/<upline>/<id>/`, so that a subtree is one index range instead of a walk row by row: the
 * path is compared byte by byte (collation "C"), and '/' sorts just below the digits, so the subtree of
 * `/1/5/` is every path from `/1/5/` up to (not including) `/1/50`. That range works with the ancestor's
 * path taken from a join, which a LIKE pattern does not. A text path rather than `ltree`: the same SQL
 * on PostgreSQL and on PGlite without loading an extension, and the queries we need are these ranges.
 *
 * The database keeps it true whoever writes a member: a trigger sets the path on insert and when the
 * upline changes, refuses an upline of another merchant or inside the member's own subtree (a cycle),
 * and rewrites the moved member's descendants. Moving a member stays an operator's audited action in
 * the service layer; the trigger only makes a silent inconsistency impossible.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member add column if not exists path text collate "C"`.execute(db);
  await sql`
    with recursive t as (
      select id, '/' || id::text || '/' as path from member where upline_id is null
      union all
      select m.id, t.path || m.id::text || '/' from member m join t on m.upline_id = t.id
    )
    update member m set path = t.path from t where m.id = t.id`.execute(db);
  await sql`alter table member alter column path set not null`.execute(db);
  await sql`create index if not exists member_path on member (merchant_id, path)`.execute(db);

  await sql`
    create or replace function member_path_set() returns trigger language plpgsql as $$
    declare
      v_path text;
      v_merchant integer;
    begin
      if tg_op = 'UPDATE' and new.upline_id is not distinct from old.upline_id then
        -- The path follows the upline alone: only the rewrite of a moved subtree (one trigger level
        -- down) may set it; any other change of it is undone.
        if pg_trigger_depth() < 2 then new.path := old.path; end if;
        return new;
      end if;
      if new.upline_id is not null then
        select path, merchant_id into v_path, v_merchant from member where id = new.upline_id;
        if v_path is null then raise exception 'member_upline_unknown' using errcode = 'P0001'; end if;
        if v_merchant <> new.merchant_id then
          raise exception 'member_upline_other_merchant' using errcode = 'P0001';
        end if;
        if tg_op = 'UPDATE' and v_path like old.path || '%' then
          raise exception 'member_upline_cycle' using errcode = 'P0001';
        end if;
      end if;
      new.path := coalesce(v_path, '/') || new.id::text || '/';
      return new;
    end $$`.execute(db);
  await sql`drop trigger if exists member_path_before on member`.execute(db);
  await sql`create trigger member_path_before before insert or update of upline_id, path on member
    for each row execute function member_path_set()`.execute(db);

  await sql`
    create or replace function member_path_move() returns trigger language plpgsql as $$
    begin
      update member set path = new.path || substr(path, length(old.path) + 1)
        where merchant_id = new.merchant_id and path > old.path and path < left(old.path, -1) || '0';
      return null;
    end $$`.execute(db);
  await sql`drop trigger if exists member_path_after on member`.execute(db);
  await sql`create trigger member_path_after after update of upline_id on member
    for each row when (old.path is distinct from new.path) execute function member_path_move()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists member_path_after on member`.execute(db);
  await sql`drop trigger if exists member_path_before on member`.execute(db);
  await sql`drop function if exists member_path_move()`.execute(db);
  await sql`drop function if exists member_path_set()`.execute(db);
  await sql`drop index if exists member_path`.execute(db);
  await sql`alter table member drop column if exists path`.execute(db);
}
