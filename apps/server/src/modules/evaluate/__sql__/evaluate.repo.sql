-- SQL that evaluate.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

delete from "incumbent_contract_term" where "prospect_opportunity_no" = $1;

insert into "evaluate_history" ("prospect_opportunity_no", "part", "version_no", "state", "saved_by") values ($1, $2, (select coalesce(max(h.version_no), 0) + 1 from evaluate_history h
        where h.prospect_opportunity_no = $3 and h.part = $4), $5, $6) returning "version_no";

insert into "incumbent_contract" ("prospect_opportunity_no", "contract_term_length", "contract_eff_date", "ssg_or_dsg", "updated_at", "updated_by") values ($1, $2, $3, $4, now(), $5) on conflict ("prospect_opportunity_no") do update set "contract_term_length" = $6, "contract_eff_date" = $7, "ssg_or_dsg" = $8, "updated_at" = now(), "updated_by" = $9;

insert into "incumbent_contract_term" ("prospect_opportunity_no", "code", "value") values ($1, $2, $3), ($4, $5, $6);

insert into "prospect_opportunity" ("sf_opp_id", "employer", "broker", "owner_name", "owner_email", "owner_user_no", "fa_name", "fa_email", "fa_user_no", "spa", "sf_stage", "incumbent_pbm", "employees", "members", "in_house_pharmacy_name", "npi_number", "nabp_number", "analysis_due_from_fa", "analysis_due_date", "med_vendor", "tpa", "target_effective_date", "erisa", "strategic_group", "sf_opp_id15", "created_by", "updated_by") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27) on conflict ("sf_opp_id15") do nothing returning "prospect_opportunity_no";

select "c"."contract_term_length", "c"."contract_eff_date", "c"."ssg_or_dsg", "c"."updated_at", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "c"."updated_by") as "updated_by_name" from "incumbent_contract" as "c" where "c"."prospect_opportunity_no" = $1;

select "code", "value" from "incumbent_contract_term" where "prospect_opportunity_no" = $1;

select "h"."evaluate_history_no", "h"."part", "h"."version_no", "h"."saved_at", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "h"."saved_by") as "saved_by_name" from "evaluate_history" as "h" where "h"."prospect_opportunity_no" = $1 and "h"."part" = $2 order by "h"."saved_at" desc, "h"."evaluate_history_no" desc limit $3 offset $4;

select "h"."evaluate_history_no", "h"."part", "h"."version_no", "h"."saved_at", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "h"."saved_by") as "saved_by_name" from "evaluate_history" as "h" where "h"."prospect_opportunity_no" = $1 order by "h"."saved_at" desc, "h"."evaluate_history_no" desc limit $2 offset $3;

select "h"."evaluate_history_no", "h"."part", "h"."version_no", "h"."saved_at", (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "h"."saved_by") as "saved_by_name", "h"."state" from "evaluate_history" as "h" where "h"."prospect_opportunity_no" = $1 and "h"."part" = $2 and "h"."version_no" = $3;

select "o".*, (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "o"."updated_by") as "updated_by_name" from "prospect_opportunity" as "o" order by "o"."sf_stage" asc, "o"."prospect_opportunity_no" asc limit $1 offset $2;

select "o".*, (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "o"."updated_by") as "updated_by_name" from "prospect_opportunity" as "o" where "o"."prospect_opportunity_no" = $1;

select "o".*, (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "o"."updated_by") as "updated_by_name" from "prospect_opportunity" as "o" where ("o"."owner_user_no" = $1 or "o"."fa_user_no" = $2) order by lower(o.employer) asc, "o"."prospect_opportunity_no" asc limit $3 offset $4;

select "o".*, (select u.first_name || ' ' || u.last_name from app_user u where u.user_no = "o"."updated_by") as "updated_by_name" from "prospect_opportunity" as "o" where lower("o"."employer") like lower($1) and lower("o"."broker") like lower($2) and lower("o"."sf_opp_id") like lower($3) and lower("o"."owner_name") like lower($4) and lower("o"."fa_name") like lower($5) and lower("o"."spa") like lower($6) and "o"."sf_stage" in ($7, $8) order by lower(o.owner_name) desc nulls last, "o"."prospect_opportunity_no" desc limit $9 offset $10;

select "prospect_opportunity_no" from "prospect_opportunity" where "sf_opp_id15" = $1;

select "sf_opp_id" from "prospect_opportunity" where "prospect_opportunity_no" = $1 for update;

select "user_no", lower(username) as "email" from "app_user" where lower(username) in ($1, $2);

select count(*) as "n" from "prospect_opportunity" as "o";

select count(*) as "n" from "prospect_opportunity" as "o" where ("o"."owner_user_no" = $1 or "o"."fa_user_no" = $2);

update "prospect_opportunity" set "sf_opp_id" = $1, "employer" = $2, "broker" = $3, "owner_name" = $4, "owner_email" = $5, "owner_user_no" = $6, "fa_name" = $7, "fa_email" = $8, "fa_user_no" = $9, "spa" = $10, "sf_stage" = $11, "incumbent_pbm" = $12, "employees" = $13, "members" = $14, "in_house_pharmacy_name" = $15, "npi_number" = $16, "nabp_number" = $17, "analysis_due_from_fa" = $18, "analysis_due_date" = $19, "med_vendor" = $20, "tpa" = $21, "target_effective_date" = $22, "erisa" = $23, "strategic_group" = $24, "sf_updated_at" = now(), "updated_at" = now(), "updated_by" = $25 where "prospect_opportunity_no" = $26;

update "prospect_opportunity" set "updated_at" = now(), "updated_by" = $1 where "prospect_opportunity_no" = $2;
