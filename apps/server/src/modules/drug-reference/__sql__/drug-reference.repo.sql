-- SQL that drug-reference.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

select "code", "name" from "drug_class" where "code" in ($1);

select "gpi_10", min("nonproprietary_name") as "name" from "drug" where "gpi_10" in ($1) group by "gpi_10";
