-- SQL that evaluate.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

insert into "evaluate_history" ("prospect_opportunity_no", "part", "version_no", "state", "saved_by") values ($1, $2, (select coalesce(max(h.version_no), 0) + 1 from evaluate_history h
        where h.prospect_opportunity_no = $3 and h.part = $4), $5, $6) returning "version_no";

select "o".*, (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "o"."updated_by") as "updated_by_name" from "prospect_opportunity" as "o" where "o"."prospect_opportunity_no" = $1;

select "sf_opp_id" from "prospect_opportunity" where "prospect_opportunity_no" = $1 for update;

update "prospect_opportunity" set "updated_at" = now(), "updated_by" = $1 where "prospect_opportunity_no" = $2;
