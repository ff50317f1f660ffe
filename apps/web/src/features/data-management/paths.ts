/** The data-management URLs (spec 3 §2 "Route list"), written once for links and redirects. */
export const IMPORTS_PATH = '/data-management/eligibility-imports';
export const CREATE_SCHEMA_PATH = `${IMPORTS_PATH}/import-schema`;

/** A schema's page in view mode; its edit mode is the same path with /edit. */
export function schemaPath(id: number): string {
  return `${CREATE_SCHEMA_PATH}/${id}`;
}

export function editSchemaPath(id: number): string {
  return `${schemaPath(id)}/edit`;
}
