import type { Kysely } from 'kysely';
import { runScript } from '../run-script.ts';

/**
 * The drug reference (issue 14, decision 0106). The `drug` table of migration 0010 (one row per
 * package NDC-11; pharmacy_claim.ndc references it) moves to the drug-reference module and grows
 * the FDA NDC Directory's product and package fields; the claims module reads it through that
 * module's index.
 *
 * - package_ndc / product_ndc / fda_product_id: the codes as the FDA publishes them (10 digits,
 *   hyphenated), beside the NDC-11 the key is.
 * - marketing category and dates, the proprietary name suffix; package size and unit become
 *   optional (the FDA's package description is free text; only the demo catalogue reads a size).
 * - search_name: every word of the names (lower case, ASCII letters and digits) each after one
 *   space, so "some word starts with w" is `like '% w%'`, served by a trigram index. Generated,
 *   so no loader can forget it (packages/domain searchWords follows the same rule).
 * - Indexes: drug_ndc_cover (the NDC with the class code and search_name in the index, so a
 *   search walking the NDC order filters without reading the table), the published package NDC
 *   by prefix (text_pattern_ops whatever the database's collation), the class code by prefix
 *   with the NDC after it (index-only), the packages of a search name in NDC order.
 * - drug_search_name: the distinct search names with their package counts, trigram-indexed:
 *   the name search's dictionary.
 * - drug_search_class: each search name's classes with their first and last NDC, for
 *   distinct=gpi_10 on words (one row per class without reading packages);
 *   drug_search_class_start the same by each word's first one and two characters.
 * - drug_class: the names of the class-code levels (2, 4, 6 digits in the demo; a licensed file
 *   may name 8 and 10 too). The 10-digit code names a drug: its products' nonproprietary name.
 * - drug_reference_load: who loaded which reference file when, and how many rows it changed
 *   (the history of a reference that is replaced by loads, not edited field by field).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the schema types
export async function up(db: Kysely<any>): Promise<void> {
  await runScript(
    db,
    `
    alter table drug
      add column package_ndc text check (package_ndc ~ '^[0-9]{4,5}-[0-9]{3,4}-[0-9]{1,2}$'),
      add column product_ndc text check (product_ndc ~ '^[0-9]{4,5}-[0-9]{3,4}$'),
      add column fda_product_id text,
      add column proprietary_name_suffix text,
      add column marketing_category text,
      add column marketing_start_date date,
      add column marketing_end_date date,
      add column search_name text generated always as (
        regexp_replace(
          ' ' || lower(proprietary_name || ' ' || coalesce(proprietary_name_suffix, '') || ' ' ||
            nonproprietary_name),
          '[^a-z0-9]+', ' ', 'g')
      ) stored,
      alter column package_size drop not null,
      alter column package_unit drop not null;

    create index drug_ndc_cover on drug (ndc) include (gpi_10, search_name);
    create index drug_package_ndc_prefix on drug (package_ndc text_pattern_ops);
    create index drug_gpi_10_prefix on drug (gpi_10 text_pattern_ops, ndc);
    create index drug_search_name_ndc on drug (search_name, ndc) include (gpi_10);

    -- Every distinct search_name with its number of packages: the name search finds the names
    -- here (a table of names, not packages, with a trigram index), knows how many packages
    -- match before reading one, and reads them by name or walks the NDC order (decision 0106).
    -- Rebuilt by the loaders and the demo seed after they change drug.
    create table drug_search_name (
      search_name text primary key,
      packages integer not null check (packages > 0)
    );
    create index drug_search_name_trgm on drug_search_name using gin (search_name gin_trgm_ops);

    -- The classes of each search name, with the lowest and highest NDC of its packages in the
    -- class: distinct=gpi_10 on words finds its classes here (each class's best package among
    -- the matches is the best over its matching names) without reading packages; distinct=gpi_10
    -- on a class code finds the classes under it here. Rebuilt with drug_search_name.
    create table drug_search_class (
      search_name text not null,
      gpi_10 text not null,
      first_ndc text not null,
      last_ndc text not null,
      primary key (search_name, gpi_10)
    );
    create index drug_search_class_trgm on drug_search_class using gin (search_name gin_trgm_ops);
    create index drug_search_class_code on drug_search_class (gpi_10 text_pattern_ops);

    -- The same by the first one and two characters of each word of the names: a search of one
    -- or two characters (the broadest, a fifth of the classes for 'a') takes the page and its
    -- capped count from an index in order instead of grouping thousands of names.
    create table drug_search_class_start (
      start text not null check (length(start) between 1 and 2),
      gpi_10 text not null,
      first_ndc text not null,
      last_ndc text not null,
      primary key (start, gpi_10)
    );
    create index drug_search_class_start_last on drug_search_class_start (start, last_ndc);
    create index drug_search_class_start_first on drug_search_class_start (start, first_ndc);

    create table drug_class (
      code text primary key check (code ~ '^([0-9]{2}){1,5}$'),
      level smallint generated always as (length(code) / 2) stored,
      name text not null check (length(name) between 1 and 200),
      created_at timestamptz not null default now(),
      created_by integer,
      updated_at timestamptz not null default now(),
      updated_by integer
    );

    create table drug_reference_load (
      load_no integer generated by default as identity primary key,
      source text not null check (source in ('demo', 'fda', 'medispan')),
      files text not null,
      rows_read integer not null,
      rows_inserted integer not null,
      rows_updated integer not null,
      classes_loaded integer not null default 0,
      created_at timestamptz not null default now(),
      created_by integer,
      updated_at timestamptz not null default now(),
      updated_by integer
    );
    `,
  );
}
