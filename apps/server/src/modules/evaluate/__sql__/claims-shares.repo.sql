-- SQL that claims-shares.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

insert into "claims_share" ("prospect_opportunity_no", "user_no", "ends_on", "created_by") values ($1, $2, $3, $4) on conflict ("prospect_opportunity_no", "user_no") where "ended_at" is null do nothing returning "claims_share_no";

select "s"."prospect_opportunity_no", "o"."employer", "b"."first_name" || ' ' || "b"."last_name" as "shared_by", "s"."created_at", "s"."ends_on" from "claims_share" as "s" inner join "prospect_opportunity" as "o" on "o"."prospect_opportunity_no" = "s"."prospect_opportunity_no" left join "app_user" as "b" on "b"."user_no" = "s"."created_by" where "s"."user_no" = $1 and s.ended_at is null and (s.ends_on is null or s.ends_on >= (now() at time zone 'utc')::date) and "s"."prospect_opportunity_no" = $2 order by "o"."employer", "s"."prospect_opportunity_no";

select "s"."prospect_opportunity_no", "o"."employer", "b"."first_name" || ' ' || "b"."last_name" as "shared_by", "s"."created_at", "s"."ends_on" from "claims_share" as "s" inner join "prospect_opportunity" as "o" on "o"."prospect_opportunity_no" = "s"."prospect_opportunity_no" left join "app_user" as "b" on "b"."user_no" = "s"."created_by" where "s"."user_no" = $1 and s.ended_at is null and (s.ends_on is null or s.ends_on >= (now() at time zone 'utc')::date) order by "o"."employer", "s"."prospect_opportunity_no";

select "s"."user_no", "u"."first_name" || ' ' || "u"."last_name" as "user_name", "u"."username", "u"."user_type", "b"."first_name" || ' ' || "b"."last_name" as "shared_by", "s"."created_at", "s"."ends_on" from "claims_share" as "s" inner join "app_user" as "u" on "u"."user_no" = "s"."user_no" left join "app_user" as "b" on "b"."user_no" = "s"."created_by" where "s"."prospect_opportunity_no" = $1 and s.ended_at is null and (s.ends_on is null or s.ends_on >= (now() at time zone 'utc')::date) order by "u"."last_name", "u"."first_name", "s"."user_no";

select "u"."user_no", "u"."first_name" || ' ' || "u"."last_name" as "user_name", "u"."username", "u"."user_type" from "app_user" as "u" where "u"."active" = $1 and "u"."user_type" in ($2, $3) and "u"."user_no" = $4;

select "u"."user_no", "u"."first_name" || ' ' || "u"."last_name" as "user_name", "u"."username", "u"."user_type" from "app_user" as "u" where "u"."active" = $1 and "u"."user_type" in ($2, $3) and (lower(u.first_name || ' ' || u.last_name) like lower($4) or lower(u.username) like lower($5)) order by "u"."last_name", "u"."first_name", "u"."user_no" limit $6;

update "claims_share" as "s" set "ended_at" = now(), "ended_by" = $1 where "s"."prospect_opportunity_no" = $2 and "s"."user_no" = $3 and s.ended_at is null and (s.ends_on is null or s.ends_on >= (now() at time zone 'utc')::date) returning "s"."claims_share_no";

update "claims_share" set "ended_at" = now(), "ended_by" = $1 where "prospect_opportunity_no" = $2 and "user_no" = $3 and "ended_at" is null and "ends_on" < (now() at time zone 'utc')::date;
