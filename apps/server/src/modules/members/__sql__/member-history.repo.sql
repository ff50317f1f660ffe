-- SQL that member-history.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

insert into "member_change_history" ("changed_by", "employee_no", "dependent_no", "event", "field", "old_value", "new_value") values ($1, $2, $3, $4, $5, $6, $7);

insert into "member_change_history" ("changed_by", "employee_no", "dependent_no", "event", "field", "old_value", "new_value") values ($1, $2, $3, $4, $5, $6, $7), ($8, $9, $10, $11, $12, $13, $14);

insert into "member_change_history" ("changed_by", "employee_no", "dependent_no", "event", "field", "old_value", "new_value") values ($1, $2, $3, $4, $5, $6, $7), ($8, $9, $10, $11, $12, $13, $14), ($15, $16, $17, $18, $19, $20, $21), ($22, $23, $24, $25, $26, $27, $28);
