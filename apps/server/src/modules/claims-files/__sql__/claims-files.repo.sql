-- SQL that claims-files.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

delete from "claims_file" where "prospect_opportunity_no" = $1 and "file_hash" = $2 and "status" = $3 and "claims_file_no" <> $4 returning "storage_key";

insert into "claims_file" ("prospect_opportunity_no", "file_name", "storage_key", "file_hash", "file_format", "size_bytes", "cols", "preview_rows", "row_count", "unparseable_rows", "created_by") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11);

insert into "fa_iteration" ("prospect_opportunity_no", "mapped_claims_file_no", "notes", "csc_data", "pricing_grid", "foot_notes", "output_template", "created_by", "updated_by") values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *;

insert into "mapped_claims_file" ("prospect_opportunity_no", "claims_file_no", "file_name", "storage_key", "unmapped_storage_key", "phi", "claim_count", "created_cols", "dropped_count", "min_date", "max_date", "fill_date_counts", "created_by") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning "mapped_claims_file_no", "file_name", "storage_key", "phi", "claim_count", "created_cols", "dropped_count", "min_date", "max_date", "fill_date_counts", "created_at";

select "fa_iteration_no", "updated_at", "notes", "mapped_claims_file_no", "output_template" from "fa_iteration" where "prospect_opportunity_no" = $1 order by "updated_at" desc, "fa_iteration_no" desc;

select "mapped_claims_file_no", "file_name", "storage_key", "phi", "claim_count", "created_cols", "dropped_count", "min_date", "max_date", "fill_date_counts", "created_at" from "mapped_claims_file" where "prospect_opportunity_no" = $1 and "mapped_claims_file_no" = $2;

select "mapped_claims_file_no", "file_name", "storage_key", "phi", "claim_count", "created_cols", "dropped_count", "min_date", "max_date", "fill_date_counts", "created_at" from "mapped_claims_file" where "prospect_opportunity_no" = $1 order by "mapped_claims_file_no" desc;

select * from "claims_file" where "prospect_opportunity_no" = $1 and "file_hash" = $2 and "status" = $3 order by "claims_file_no" desc limit $4;

select * from "claims_file" where "prospect_opportunity_no" = $1 and "file_hash" = $2 and "status" >= $3 order by "claims_file_no" limit $4;

select * from "claims_file" where "prospect_opportunity_no" = $1 and "status" >= $2 order by "claims_file_no" desc;

select * from "claims_file" where "prospect_opportunity_no" = $1 and "storage_key" = $2 and "status" >= $3;

select * from "fa_iteration" where "prospect_opportunity_no" = $1 and "fa_iteration_no" = $2;

update "claims_file" set "status" = $1, "phi" = $2, "accepted_at" = $3, "accepted_by" = $4 where "claims_file_no" = $5 returning *;
