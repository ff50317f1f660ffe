-- SQL that roles.repo.ts sent in the scenarios of
-- apps/server/src/modules/system/repository-sql.test.ts (distinct, sorted).

delete from "role_permission" where "role_id" = $1;

insert into "role" ("role_id", "key", "name", "user_type", "group_key", "protected", "hidden_without", "description") values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict ("role_id") do update set "key" = $9, "name" = $10, "user_type" = $11, "group_key" = $12, "protected" = $13, "hidden_without" = $14, "description" = $15;

insert into "role_permission" ("role_id", "permission") values ($1, $2), ($3, $4);

insert into "role_permission" ("role_id", "permission") values ($1, $2), ($3, $4), ($5, $6), ($7, $8);

insert into "role_permission" ("role_id", "permission") values ($1, $2), ($3, $4), ($5, $6), ($7, $8), ($9, $10);

insert into "role_permission" ("role_id", "permission") values ($1, $2), ($3, $4), ($5, $6), ($7, $8), ($9, $10), ($11, $12), ($13, $14), ($15, $16);

insert into "role_permission" ("role_id", "permission") values ($1, $2), ($3, $4), ($5, $6), ($7, $8), ($9, $10), ($11, $12), ($13, $14), ($15, $16), ($17, $18), ($19, $20);

insert into "role_permission" ("role_id", "permission") values ($1, $2), ($3, $4), ($5, $6), ($7, $8), ($9, $10), ($11, $12), ($13, $14), ($15, $16), ($17, $18), ($19, $20), ($21, $22);

insert into "role_permission" ("role_id", "permission") values ($1, $2), ($3, $4), ($5, $6), ($7, $8), ($9, $10), ($11, $12), ($13, $14), ($15, $16), ($17, $18), ($19, $20), ($21, $22), ($23, $24), ($25, $26), ($27, $28), ($29, $30), ($31, $32), ($33, $34), ($35, $36), ($37, $38), ($39, $40), ($41, $42);

insert into "role_permission" ("role_id", "permission") values ($1, $2), ($3, $4), ($5, $6), ($7, $8), ($9, $10), ($11, $12), ($13, $14), ($15, $16), ($17, $18), ($19, $20), ($21, $22), ($23, $24), ($25, $26), ($27, $28), ($29, $30), ($31, $32), ($33, $34), ($35, $36), ($37, $38), ($39, $40), ($41, $42), ($43, $44), ($45, $46), ($47, $48);

insert into "role_permission" ("role_id", "permission") values ($1, $2), ($3, $4), ($5, $6), ($7, $8), ($9, $10), ($11, $12), ($13, $14), ($15, $16), ($17, $18), ($19, $20), ($21, $22), ($23, $24), ($25, $26), ($27, $28), ($29, $30), ($31, $32), ($33, $34), ($35, $36), ($37, $38), ($39, $40), ($41, $42), ($43, $44), ($45, $46), ($47, $48), ($49, $50), ($51, $52), ($53, $54), ($55, $56), ($57, $58), ($59, $60), ($61, $62), ($63, $64), ($65, $66), ($67, $68), ($69, $70), ($71, $72), ($73, $74), ($75, $76), ($77, $78), ($79, $80), ($81, $82), ($83, $84);
