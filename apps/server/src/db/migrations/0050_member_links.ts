import { sql, type Kysely } from 'kysely';

/**
 * One bonus per person (issue 18 item 6): the accounts of a merchant linked to a member — registered from
 * the same address, signed in from the same device, paid out to the same payee name, or holding the same
 * bank card (even one since removed) — each with what links them. The referral reward does not pay a
 * friend linked to the inviter; an application shows the reviewer the other applicants linked to its
 * member. (Session addresses are left out: a shop's or an office's Wi-Fi would link strangers.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists member_register_ip on member (merchant_id, register_ip)
    where register_ip is not null`.execute(db);
  await sql`create index if not exists member_payee on member (merchant_id, lower(payee_name))
    where payee_name is not null`.execute(db);
  await sql`create index if not exists member_session_device on member_session (merchant_id, device)
    where device is not null`.execute(db);
  await sql`create index if not exists member_bank_card_hash on member_bank_card (merchant_id, card_hash)`.execute(
    db,
  );
  await sql`
    create function member_links(p_member bigint) returns table (member_id bigint, via text)
    language sql stable as $$
      with me as (select id, merchant_id, register_ip, lower(payee_name) as payee from member where id = p_member)
      select m.id, 'address' from me
        join member m on m.merchant_id = me.merchant_id and m.register_ip = me.register_ip and m.id <> me.id
        where me.register_ip is not null
      union
      select s2.member_id, 'device' from me
        join member_session s1 on s1.member_id = me.id and s1.device is not null
        join member_session s2 on s2.merchant_id = me.merchant_id and s2.device = s1.device
          and s2.member_id <> me.id
      union
      select m.id, 'payee' from me
        join member m on m.merchant_id = me.merchant_id and lower(m.payee_name) = me.payee and m.id <> me.id
        where me.payee is not null
      union
      select c2.member_id, 'card' from me
        join member_bank_card c1 on c1.member_id = me.id
        join member_bank_card c2 on c2.merchant_id = me.merchant_id and c2.card_hash = c1.card_hash
          and c2.member_id <> me.id
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists member_links(bigint)`.execute(db);
  await sql`drop index if exists member_bank_card_hash`.execute(db);
  await sql`drop index if exists member_session_device`.execute(db);
  await sql`drop index if exists member_payee`.execute(db);
  await sql`drop index if exists member_register_ip`.execute(db);
}
