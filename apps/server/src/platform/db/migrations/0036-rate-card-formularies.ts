import { sql, type Kysely } from 'kysely';
import { ILLUSTRATIVE_RATE_CARDS } from '@pillar/domain';

/**
 * Formulary drug lists and protect-services savings rates on the rate cards (issue 19, decision
 * 0143). They live in the versions' `terms` like every other term (effective dates, history), so
 * no column changes: each PBM whose latest version has no lists gets a new version of the same
 * effective date (the newest version wins the tie) with the illustrative lists and rates added to
 * its terms, leaving every earlier version as it was. A database seeded after this change
 * already has them (migration 0026 seeds the illustrative cards whole) and gets no new version.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the schema types
export async function up(db: Kysely<any>): Promise<void> {
  for (const card of ILLUSTRATIVE_RATE_CARDS) {
    const added = {
      formularyDrugs: card.terms.formularyDrugs ?? [],
      protectServicesRates: card.terms.protectServicesRates,
    };
    await sql`insert into rate_card_version (pbm, effective_date, terms, note)
      select v.pbm, v.effective_date, v.terms || ${JSON.stringify(added)}::jsonb,
        'Formulary drug lists and protect-services savings added with the system'
      from (
        select pbm, effective_date, terms from rate_card_version where pbm = ${card.pbm}
        order by effective_date desc, rate_card_version_no desc limit 1
      ) v
      where not v.terms ? 'formularyDrugs'`.execute(db);
  }
}
