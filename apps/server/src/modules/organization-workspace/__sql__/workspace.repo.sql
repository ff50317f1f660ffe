-- SQL that workspace.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

insert into "division" ("organization_no", "benefit_group_no", "division_id", "division_name", "effective_date", "created_by", "updated_by") values ($1, $2, $3, $4, $5, $6, $7) returning *;

select "bp"."benefit_package_no", "bp"."benefit_package_id", "bp"."name", "bp"."process_status", "bp"."effective_date" from "benefit_package" as "bp" where "bp"."organization_no" = $1 order by lower(bp.name) asc, bp.benefit_package_no asc limit $2 offset $3;

select "c"."invoice_config_no", "c"."name", "c"."distribution_method", "c"."supports_ice" from "invoice_config" as "c" where "c"."organization_no" = $1 order by lower(c.name) asc, c.invoice_config_no asc limit $2 offset $3;

select "d"."claim_number", "d"."fill_date", (select g.benefit_group_id from benefit_group g where g.benefit_group_no = "d"."benefit_group_no") as "benefit_group_id", "d"."member_id", "d"."member_name", "d"."drug_name", "d"."ndc", "d"."pharmacy_name", "d"."quantity", "d"."days_supply", "d"."ingredient_cost", "d"."dispensing_fee", "d"."member_paid", "d"."plan_paid" from "invoice_claim_detail" as "d" inner join "invoice" as "i" on "i"."invoice_no" = "d"."invoice_no" where "d"."invoice_no" = $1 and true order by "d"."fill_date", "d"."claim_detail_no";

select "division_no", "division_id", "division_name", "effective_date" from "division" where "organization_no" = $1 and "benefit_group_no" = $2 order by "division_id";

select "f"."fee_no", "f"."benefit_group_no", (select g.benefit_group_id from benefit_group g where g.benefit_group_no = "f"."benefit_group_no") as "benefit_group_id", "f"."name", "f"."effective_date", "f"."expiration_date", "f"."fee_amount" from "group_fee" as "f" where "f"."organization_no" = $1 and true order by (select g.benefit_group_id from benefit_group g where g.benefit_group_no = "f"."benefit_group_no"), "f"."name", "f"."effective_date" desc, "f"."fee_no";

select "g"."benefit_group_no", "g"."benefit_group_id", "g"."name", "g"."process_status", "g"."effective_date", "g"."expiration_date", "p"."program", "p"."mandatory" from "benefit_group" as "g" left join "benefit_group_incentive_program" as "p" on "p"."benefit_group_no" = "g"."benefit_group_no" where "g"."organization_no" = $1 and true order by "g"."benefit_group_id";

select "i"."invoice_no", "i"."invoice_config_no", "i"."invoice_date", "i"."is_tria", "i"."period_start", "i"."period_end", "i"."due_date", "i"."total_amount" from "invoice" as "i" where "i"."organization_no" = $1 order by i.invoice_date desc, i.invoice_no desc limit $2 offset $3;

select "i"."invoice_no", "i"."invoice_config_no", "i"."invoice_date", "i"."is_tria", "i"."period_start", "i"."period_end", "i"."due_date", "i"."total_amount", "i"."organization_no", (select o.name from organization o where o.organization_no = "i"."organization_no") as "organization_name", "c"."name" as "config_name", "c"."distribution_method", "c"."supports_ice" from "invoice" as "i" inner join "invoice_config" as "c" on "c"."invoice_config_no" = "i"."invoice_config_no" where "i"."invoice_no" = $1 and "i"."organization_no" = $2 and true;

select "l"."location_no", "l"."name", "l"."address1", "l"."address2", "l"."city", "l"."state", "l"."zip", "l"."phone", "l"."fax", "l"."email" from "location" as "l" where "l"."organization_no" = $1 and "l"."location_no" = $2;

select "l"."location_no", "l"."name", "l"."address1", "l"."address2", "l"."city", "l"."state", "l"."zip", "l"."phone", "l"."fax", "l"."email" from "location" as "l" where "l"."organization_no" = $1 order by lower(l.name) asc, l.location_no asc limit $2 offset $3;

select "line_no", "description", "quantity", "unit_amount", "amount" from "invoice_line" where "invoice_no" = $1 order by "line_no";

select "m"."med_d_subsidy_no", "m"."application_id", "m"."application_date", "m"."uboi" from "med_d_subsidy" as "m" where "m"."organization_no" = $1 order by m.application_date desc, m.med_d_subsidy_no desc limit $2 offset $3;

select "p"."plan_no", "p"."plan_name", "p"."plan_status", "p"."effective_date", "p"."expiration_date" from "plan" as "p" where "p"."organization_no" = $1 order by lower(p.plan_name) asc, p.plan_no asc limit $2 offset $3;

select "u"."user_no", "u"."first_name", "u"."last_name", "u"."username", "u"."user_type", "u"."active" from "user_organization" as "uo" inner join "app_user" as "u" on "u"."user_no" = "uo"."user_no" where "uo"."organization_no" = $1 order by lower(u.first_name || ' ' || u.last_name) asc, u.user_no asc limit $2 offset $3;

select "ur"."user_no", "r"."role_id", "r"."name", "r"."user_type" from "user_role" as "ur" inner join "role" as "r" on "r"."role_id" = "ur"."role_id" where "ur"."user_no" in ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20) order by "r"."role_id";

select (select g.benefit_group_id from benefit_group g where g.benefit_group_no = "s"."benefit_group_no") as "benefit_group_id", (select g.name from benefit_group g where g.benefit_group_no = "s"."benefit_group_no") as "group_name", "s"."claim_count", "s"."ingredient_cost", "s"."dispensing_fee", "s"."member_paid", "s"."plan_paid" from "invoice_claim_summary" as "s" inner join "invoice" as "i" on "i"."invoice_no" = "s"."invoice_no" where "s"."invoice_no" = $1 and true order by (select g.benefit_group_id from benefit_group g where g.benefit_group_no = "s"."benefit_group_no");

select * from "benefit_package" where "benefit_package_no" = $1 and "organization_no" = $2;

select * from "division" where "benefit_group_no" = $1 and "division_id" = $2;

select count(*) as "n" from "invoice" as "i" where "i"."organization_no" = $1;

select count(*) as "n" from "user_organization" as "uo" inner join "app_user" as "u" on "u"."user_no" = "uo"."user_no" where "uo"."organization_no" = $1;
