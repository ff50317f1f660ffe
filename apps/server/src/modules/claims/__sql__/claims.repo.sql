-- SQL that claims.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

select "c"."claim_no", "c"."fill_date", "c"."rx_number", "c"."drug_name", "c"."ndc", "c"."quantity", "c"."days_supply", "c"."pharmacy_name", "c"."pharmacy_npi", "c"."channel", "c"."brand_generic", "c"."status", "c"."member_paid", "c"."plan_paid", "c"."pbm_claim_reference" from "pharmacy_claim" as "c" where "c"."employee_no" = $1 and "c"."organization_no" = $2 and "c"."dependent_no" = $3 order by lower(c.drug_name) asc, c.claim_no asc limit $4 offset $5;

select "c"."claim_no", "c"."fill_date", "c"."rx_number", "c"."drug_name", "c"."ndc", "c"."quantity", "c"."days_supply", "c"."pharmacy_name", "c"."pharmacy_npi", "c"."channel", "c"."brand_generic", "c"."status", "c"."member_paid", "c"."plan_paid", "c"."pbm_claim_reference" from "pharmacy_claim" as "c" where "c"."employee_no" = $1 and "c"."organization_no" = $2 and "c"."dependent_no" is null order by c.fill_date desc, c.claim_no desc limit $3 offset $4;

select "c"."claim_no", "c"."fill_date", "c"."rx_number", "c"."drug_name", "c"."ndc", "c"."quantity", "c"."days_supply", "c"."pharmacy_name", "c"."pharmacy_npi", "c"."channel", "c"."brand_generic", "c"."status", "c"."member_paid", "c"."plan_paid", "c"."pbm_claim_reference" from "pharmacy_claim" as "c" where "c"."employee_no" = $1 and "c"."organization_no" = $2 and "c"."dependent_no" is null order by c.plan_paid desc, c.claim_no desc limit $3 offset $4;

select "pbm", "product", "claims_url" from "organization_pbm" where "organization_no" = $1;

select count(*) as "n" from "pharmacy_claim" as "c" where "c"."employee_no" = $1 and "c"."organization_no" = $2 and "c"."dependent_no" is null;
