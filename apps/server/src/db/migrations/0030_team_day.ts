import { sql, type Kysely } from 'kysely';

/**
 * Team figures per agent and day (issue 16 item 4 and its bench: an agent of 100,000 members reads its
 * counters in ≤ 50 ms and 30 days of profit and loss in ≤ 200 ms). Summing member_day over a subtree at
 * read time scans every active member's rows; `team_day` holds those sums instead, one row per agent
 * (every member with a downline) and reporting day: the agent's team is its subtree without itself.
 *
 * How it is kept: by the database, whoever writes. Statement triggers on member_day (insert, update,
 * delete; with transition tables, so the house roll-up and the rebate run add a whole batch in one
 * statement) add each member's change to every ancestor on its path, in (agent, day) order so that
 * concurrent writers lock team rows in one order. `bettors` counts members whose day went from no bet to
 * a bet (over all products). A statement trigger on member insert counts registrations; a row trigger on
 * the login stamp counts a member's first login of a day.
 *
 * Figures are the team's as it was when the money moved: moving a member (an audited operator action)
 * moves its future figures, not its past ones (a contract paid on last month's team stays explained by
 * last month's team). `rebuildTeamDays` computes what the triggers keep from member_day, member and
 * member_session over the current tree; a test holds the two equal for a tree that did not move.
 */
const money = ['bets', 'refunds', 'wins', 'bonuses', 'rebates', 'commissions', 'deposits', 'withdrawals'];
const counts = ['bet_count', 'deposit_count', 'withdrawal_count', 'first_deposits'];
const figures = [...money, ...counts];

/**
 * The trigger function adding member_day's change (`delta`: a select of member_id, day and
 * every figure) to the members' ancestors. A batch is summed per member and day, then per direct upline
 * (players sit in hundreds below one agent), and only then spread up the upline's path: the rows spread
 * are one per upline, not one per member. No JIT (it costs more to compile than these statements run).
 */
export function memberDayFunction(name: string, delta: string): string {
  const sums = (from: string) => figures.map((f) => `sum(${from}.${f}) as ${f}`).join(', ');
  return `
    create or replace function ${name}() returns trigger language plpgsql
    set jit = off set work_mem = '32MB' as $$
    begin
      with d as (${delta}),
      g as (
        select d.member_id, d.day, ${sums('d')}
        from d group by d.member_id, d.day
      ),
      -- The member's bets of the day over every product after the change (only when it bet or undid one).
      b as materialized (
        select g.*, case when g.bet_count = 0 then 0 else (select coalesce(sum(x.bet_count), 0) from member_day x
                     where x.member_id = g.member_id and x.day = g.day) end as after_count
        from g
      ),
      p as (
        select m.upline_id as parent, b.day, ${sums('b')},
          sum((b.after_count > 0)::int - (b.after_count - b.bet_count > 0)::int) as bettors
        from b join member m on m.id = b.member_id
        where m.upline_id is not null
        group by m.upline_id, b.day
      )
      insert into team_day (merchant_id, agent_id, day, ${figures.join(', ')}, bettors)
      select * from (
        select u.merchant_id, a.agent_id, p.day, ${figures.map((f) => `sum(p.${f})`).join(', ')}, sum(p.bettors)
        from p join member u on u.id = p.parent
        cross join lateral unnest(string_to_array(btrim(u.path, '/'), '/')::bigint[]) as a(agent_id)
        group by u.merchant_id, a.agent_id, p.day
      ) x
      order by 2, 3
      on conflict (agent_id, day) do update set
        ${[...figures, 'bettors'].map((f) => `${f} = team_day.${f} + excluded.${f}`).join(', ')};
      return null;
    end $$`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table team_day (
      merchant_id integer not null,
      agent_id bigint not null,
      day date not null,
      ${sql.raw(money.map((f) => `${f} bigint not null default 0`).join(', '))},
      ${sql.raw(counts.map((f) => `${f} integer not null default 0`).join(', '))},
      bettors integer not null default 0,
      registrations integer not null default 0,
      logins integer not null default 0,
      primary key (agent_id, day)
    )`.execute(db);

  // The ids above a member on its path ('/1/5/9/' → {1,5}): the path without its last id. One expression
  // without FROM, so that PostgreSQL inlines it into the triggers' statements (no call per row).
  await sql`
    create function path_ancestors(p_path text) returns bigint[]
    language sql immutable parallel safe as $$
      select string_to_array(btrim(left(p_path, length(p_path) - length(split_part(reverse(p_path), '/', 2)) - 1), '/'), '/')::bigint[]
    $$`.execute(db);

  const all = figures.join(', ');
  await sql
    .raw(memberDayFunction('team_day_on_insert', `select member_id, day, ${all} from team_day_new`))
    .execute(db);
  await sql
    .raw(
      memberDayFunction(
        'team_day_on_update',
        `select n.member_id, n.day, ${figures.map((f) => `n.${f} - o.${f} as ${f}`).join(', ')}
         from team_day_new n join team_day_old o
           on o.member_id = n.member_id and o.day = n.day and o.product = n.product`,
      ),
    )
    .execute(db);
  await sql
    .raw(
      memberDayFunction(
        'team_day_on_delete',
        `select member_id, day, ${figures.map((f) => `-${f} as ${f}`).join(', ')} from team_day_old`,
      ),
    )
    .execute(db);
  await sql`create trigger member_day_team_insert after insert on member_day
    referencing new table as team_day_new for each statement execute function team_day_on_insert()`.execute(
    db,
  );
  await sql`create trigger member_day_team_update after update on member_day
    referencing old table as team_day_old new table as team_day_new
    for each statement execute function team_day_on_update()`.execute(db);
  await sql`create trigger member_day_team_delete after delete on member_day
    referencing old table as team_day_old for each statement execute function team_day_on_delete()`.execute(
    db,
  );

  await sql`
    create function team_day_on_register() returns trigger language plpgsql as $$
    begin
      insert into team_day (merchant_id, agent_id, day, registrations)
      select n.merchant_id, a.agent_id, (n.created_at at time zone merchant_time_zone(mc.settings))::date,
        count(*)
      from team_member_new n join merchant mc on mc.id = n.merchant_id
      cross join lateral unnest(path_ancestors(n.path)) as a(agent_id)
      group by 1, 2, 3
      order by 2, 3
      on conflict (agent_id, day) do update set registrations = team_day.registrations + excluded.registrations;
      return null;
    end $$`.execute(db);
  await sql`create trigger member_team_register after insert on member
    referencing new table as team_member_new for each statement execute function team_day_on_register()`.execute(
    db,
  );

  await sql`
    create function team_day_on_login() returns trigger language plpgsql as $$
    declare
      v_tz text;
      v_day date;
    begin
      select merchant_time_zone(settings) into v_tz from merchant where id = new.merchant_id;
      v_day := (new.last_login_at at time zone v_tz)::date;
      if old.last_login_at is not null and (old.last_login_at at time zone v_tz)::date >= v_day then
        return null;
      end if;
      insert into team_day (merchant_id, agent_id, day, logins)
      select new.merchant_id, a.agent_id, v_day, 1
      from unnest(path_ancestors(new.path)) as a(agent_id)
      order by a.agent_id
      on conflict (agent_id, day) do update set logins = team_day.logins + 1;
      return null;
    end $$`.execute(db);
  await sql`create trigger member_team_login after update of last_login_at on member
    for each row when (new.last_login_at is not null and new.last_login_at is distinct from old.last_login_at)
    execute function team_day_on_login()`.execute(db);

  await rebuildTeamDays(db);
}

/**
 * team_day as the current tree gives it, from member_day, member and member_session (sessions kept;
 * logins read sessions opened, as the live counting stamps each one). `into` names the table written:
 * team_day itself (the migration, on a database that had figures) or a scratch table for a comparison.
 */
export async function rebuildTeamDays(db: Kysely<unknown>, into = 'team_day'): Promise<void> {
  const target = sql.table(into);
  await sql`
    insert into ${target} (merchant_id, agent_id, day, ${sql.raw(figures.join(', '))}, bettors,
      registrations, logins)
    select x.merchant_id, a.agent_id, x.day, ${sql.raw(figures.map((f) => `sum(x.${f})`).join(', '))},
      sum(x.bettors), sum(x.registrations), sum(x.logins)
    from (
      select d.merchant_id, d.member_id, d.day, ${sql.raw(figures.map((f) => `sum(d.${f}) as ${f}`).join(', '))},
        (sum(d.bet_count) > 0)::int as bettors, 0 as registrations, 0 as logins
      from member_day d group by d.merchant_id, d.member_id, d.day
      union all
      select m.merchant_id, m.id, (m.created_at at time zone merchant_time_zone(mc.settings))::date,
        ${sql.raw(figures.map(() => '0').join(', '))}, 0, 1, 0
      from member m join merchant mc on mc.id = m.merchant_id
      union all
      select s.merchant_id, s.member_id, (s.created_at at time zone merchant_time_zone(mc.settings))::date,
        ${sql.raw(figures.map(() => '0').join(', '))}, 0, 0, 1
      from member_session s join merchant mc on mc.id = s.merchant_id
      where s.kind = 'session'
      group by 1, 2, 3
    ) x
    join member m on m.id = x.member_id
    cross join lateral unnest(path_ancestors(m.path)) as a(agent_id)
    group by x.merchant_id, a.agent_id, x.day`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger member_team_login on member`.execute(db);
  await sql`drop trigger member_team_register on member`.execute(db);
  await sql`drop trigger member_day_team_insert on member_day`.execute(db);
  await sql`drop trigger member_day_team_update on member_day`.execute(db);
  await sql`drop trigger member_day_team_delete on member_day`.execute(db);
  for (const f of ['team_day_on_login', 'team_day_on_register', 'team_day_on_insert', 'team_day_on_update'])
    await sql`drop function ${sql.raw(f)}()`.execute(db);
  await sql`drop function team_day_on_delete()`.execute(db);
  await sql`drop function path_ancestors(text)`.execute(db);
  await sql`drop table team_day`.execute(db);
}
