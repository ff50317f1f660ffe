-- SQL that rate-cards.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

insert into "rate_card_version" ("pbm", "effective_date", "terms", "note", "created_by") values ($1, $2, $3, $4, $5) returning "rate_card_version_no";

select "v"."rate_card_version_no" as "versionNo", "v"."pbm", to_char(v.effective_date, 'YYYY-MM-DD') as "effectiveDate", "v"."terms", "v"."note", "v"."created_at" as "createdAt", "v"."created_by" as "createdBy", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = v.created_by) as "createdByName" from "rate_card_version" as "v" order by "v"."pbm", "v"."effective_date" desc, "v"."rate_card_version_no" desc;

select "v"."rate_card_version_no" as "versionNo", "v"."pbm", to_char(v.effective_date, 'YYYY-MM-DD') as "effectiveDate", "v"."terms", "v"."note", "v"."created_at" as "createdAt", "v"."created_by" as "createdBy", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = v.created_by) as "createdByName" from "rate_card_version" as "v" where "v"."pbm" = $1 order by "v"."effective_date" desc, "v"."rate_card_version_no" desc limit $2;

select "v"."rate_card_version_no" as "versionNo", "v"."pbm", to_char(v.effective_date, 'YYYY-MM-DD') as "effectiveDate", "v"."terms", "v"."note", "v"."created_at" as "createdAt", "v"."created_by" as "createdBy", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = v.created_by) as "createdByName" from "rate_card_version" as "v" where "v"."rate_card_version_no" = $1;

select distinct on ("v"."pbm") "v"."rate_card_version_no" as "versionNo", "v"."pbm", to_char(v.effective_date, 'YYYY-MM-DD') as "effectiveDate", "v"."terms", "v"."note", "v"."created_at" as "createdAt", "v"."created_by" as "createdBy", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = v.created_by) as "createdByName" from "rate_card_version" as "v" where "v"."effective_date" <= $1::date order by "v"."pbm", "v"."effective_date" desc, "v"."rate_card_version_no" desc;

select pg_advisory_xact_lock($1::int4, $2::int4);
