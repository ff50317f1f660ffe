-- SQL that plan-info.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

select "account_manager", "strategic_account_executive", "brokerage_firm", "medical_vendor", "plan_no", "formulary", "dispense_as_written" from "group_info" where "organization_no" = $1;

select "aor_no", "representative_name", "representative_address", "member_dob", "member_sign_date", "member_id" from "aor_signature" where "organization_no" = $1 and "employee_no" = $2 and "member_id" = $3 and "dependent_no" = $4 order by "member_sign_date" desc, "aor_no" desc;

select "aor_no", "representative_name", "representative_address", "member_dob", "member_sign_date", "member_id" from "aor_signature" where "organization_no" = $1 and "employee_no" = $2 and "member_id" = $3 and "dependent_no" is null order by "member_sign_date" desc, "aor_no" desc;

select "change_no", "effective_date", "description" from "group_info_plan_change" where "organization_no" = $1 order by "effective_date" desc, "change_no" desc;

select "material_no", "title", "category", "description", "updated_date" from "group_info_material" where "organization_no" = $1 order by "category", "title";

select "name", "description" from "group_info_program" where "organization_no" = $1 order by "program_no";

select "note_no", "note", "note_date", "author_name" from "group_info_plan_note" where "organization_no" = $1 order by "note_date" desc, "note_no" desc;

select "p"."pbc_no", (select o.name from organization o where o.organization_no = "p"."organization_no") as "organization_name", "p"."plan_name", "p"."effective_date", "p"."expiration_date", "p"."formulary", "p"."daw_rule", "p"."deductible", "p"."out_of_pocket_max" from "plan_benefit_content" as "p" where "p"."organization_no" = $1 and "p"."effective_date" <= $2 and ("p"."expiration_date" is null or "p"."expiration_date" >= $3) order by "p"."effective_date" desc limit $4;

select "tier", "name", "retail_copay", "mail_copay", "coinsurance" from "plan_benefit_tier" where "pbc_no" = $1 order by "tier";
