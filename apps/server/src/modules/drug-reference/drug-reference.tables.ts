import type { Generated } from 'kysely';
import type { Audit } from '../../platform/db/schema.ts';

/*
 * Row types of the drug reference (migrations 0010-claims and 0015-drug-reference; decision
 * 0106). Dates are 'YYYY-MM-DD' strings; numeric columns come back as decimal strings.
 */

export interface DrugTable extends Audit {
  /** NDC-11, digits only (the billing form). */
  ndc: string;
  /** The package NDC as the FDA publishes it (4-4-2, 5-3-2 or 5-4-1, hyphenated). */
  package_ndc: string | null;
  /** The product NDC as the FDA publishes it (labeler-product, hyphenated). */
  product_ndc: string | null;
  /** The FDA's PRODUCTID (product NDC and SPL document id). */
  fda_product_id: string | null;
  proprietary_name: string;
  proprietary_name_suffix: string | null;
  nonproprietary_name: string;
  strength: string;
  dosage_form: string;
  route: string;
  labeler: string;
  brand_generic: 'brand' | 'generic';
  /** Our demo's channel rule (filled through the specialty pharmacy), not an FDA field. */
  specialty: Generated<boolean>;
  package_size: string | number | null;
  package_unit: string | null;
  package_description: string;
  marketing_category: string | null;
  marketing_start_date: string | null;
  marketing_end_date: string | null;
  /** The class code (10 digits), null where the loaded classification has none. */
  gpi_10: string | null;
  /** Generated: the names' words, each after a space. */
  search_name: Generated<string>;
}

export interface DrugClassTable extends Audit {
  /** 2, 4, 6 (8, 10) digits: group, class, subclass (drug name, name extension). */
  code: string;
  level: Generated<number>;
  name: string;
}

export interface DrugReferenceLoadTable extends Audit {
  load_no: Generated<number>;
  source: 'demo' | 'fda' | 'medispan';
  files: string;
  rows_read: number;
  rows_inserted: number;
  rows_updated: number;
  classes_loaded: Generated<number>;
}

/** The name search's dictionary: each distinct drug.search_name and its package count. */
export interface DrugSearchNameTable {
  search_name: string;
  packages: number;
}

/** Each search name's classes: the lowest and highest NDC of its packages in the class. */
export interface DrugSearchClassTable {
  search_name: string;
  gpi_10: string;
  first_ndc: string;
  last_ndc: string;
}

/** The classes by the first one or two characters of a word of their packages' names. */
export interface DrugSearchClassStartTable {
  start: string;
  gpi_10: string;
  first_ndc: string;
  last_ndc: string;
}

export interface DrugReferenceTables {
  drug_search_name: DrugSearchNameTable;
  drug_search_class: DrugSearchClassTable;
  drug_search_class_start: DrugSearchClassStartTable;
  drug: DrugTable;
  drug_class: DrugClassTable;
  drug_reference_load: DrugReferenceLoadTable;
}
