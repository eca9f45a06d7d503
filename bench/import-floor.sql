-- What the database alone needs for the least an import must do (issue 19's target, decision 018):
-- load a million report rows, keep them as daily facts keyed for restatement, and post each payee's
-- monthly earnings per release, track, store and country. No validation, no triggers, no app: a
-- floor, not an import. Run on a scratch database:
--   createdb -h 127.0.0.1 -U postgres kalrav_floor
--   psql -h 127.0.0.1 -U postgres -d kalrav_floor -f bench/import-floor.sql
--   dropdb -h 127.0.0.1 -U postgres kalrav_floor
\timing on
\set ON_ERROR_STOP on
set client_min_messages = warning;
drop table if exists report_file, plain_copy, staged, facts, entries, codes;

-- The report: 10,000 tracks × 7 stores × 4 countries, day after day, a million rows (as bench/report-import.ts).
create temp table report_file as
  select (date '2020-01-01' + (i / 280000))::text as day,
    (array['Spotify','JioSaavn','YouTube Music','Apple Music','Gaana','Amazon Music','Wynk'])[1 + (i / 10000) % 7] as store,
    (array['IN','US','GB','AE'])[1 + (i / 70000) % 4] as country,
    '' as upc, 'INBNC26' || lpad((i % 10000)::text, 5, '0') as isrc,
    (1 + i % 97)::text as streams, (1 + i % 31)::text as listeners,
    to_char((1 + i % 97) * 0.37, 'FM999990.00') as revenue, 'INR' as currency
  from generate_series(0, 999999) as i;
\copy report_file to '/tmp/kalrav-floor.csv' with (format csv, header true)

-- 1. The yardstick: COPY of the file into a plain table.
create table plain_copy (day date, store text, country text, upc text, isrc text, streams bigint,
  listeners bigint, revenue numeric, currency text);
\copy plain_copy from '/tmp/kalrav-floor.csv' with (format csv, header true)

-- 2. The same file staged as an import must first hold it (unlogged, unchecked).
create unlogged table staged (day date, store text, country text, upc text, isrc text, streams bigint,
  listeners bigint, revenue numeric, currency text);
\copy staged from '/tmp/kalrav-floor.csv' with (format csv, header true)

-- The claimed codes a row is credited through.
create table codes (code text primary key, release_id uuid not null, owner_id text not null);
insert into codes select 'INBNC26' || lpad(n::text, 5, '0'), gen_random_uuid(), 'owner-' || (n % 1000)
  from generate_series(0, 9999) as n;
analyze codes;

-- 3. Daily facts keyed for restatement (the key alone: no second index, no triggers).
create table facts (release_id uuid not null, owner_id text, isrc text not null, store text not null,
  country text not null, day date not null, streams bigint not null, listeners bigint not null,
  revenue_paise bigint not null, primary key (release_id, isrc, store, country, day));
insert into facts
  select c.release_id, c.owner_id, s.isrc, s.store, s.country, s.day, sum(s.streams), sum(s.listeners),
    sum(round(s.revenue * 100))::bigint
  from staged s join codes c on c.code = s.isrc
  group by c.release_id, c.owner_id, s.isrc, s.store, s.country, s.day
  on conflict (release_id, isrc, store, country, day) do update
    set streams = excluded.streams, listeners = excluded.listeners, revenue_paise = excluded.revenue_paise;

-- 4. Posting: each key's month to its payee (the owner; a tenth of tracks split 60/40), one entry each.
create table entries (id bigserial primary key, user_id text, release_id uuid not null, isrc text not null,
  store text not null, country text not null, month date not null, amount_paise bigint not null);
insert into entries (user_id, release_id, isrc, store, country, month, amount_paise)
  select p.payee, f.release_id, f.isrc, f.store, f.country, f.month,
    case when p.payee = f.owner_id then f.net - (case when f.split then f.net * 4 / 10 else 0 end)
         else f.net * 4 / 10 end
  from (
    select release_id, owner_id, isrc, store, country, date_trunc('month', day)::date as month,
      sum(revenue_paise) * 80 / 100 as net, substr(isrc, 8)::int % 10 = 0 as split
    from facts group by release_id, owner_id, isrc, store, country, date_trunc('month', day)
  ) f
  cross join lateral (select f.owner_id as payee union all select 'producer' where f.split) p;

select (select count(*) from facts) as facts, (select count(*) from entries) as entries;
drop table report_file, plain_copy, staged, facts, entries, codes;
\! rm -f /tmp/kalrav-floor.csv
