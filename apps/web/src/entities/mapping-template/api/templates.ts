import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  dataMappingContracts,
  edi834Contracts,
  type DmSchema,
  type GeneratedTemplate,
  type SchemaInput,
  type StandardWriteSchema,
  type StandardWriteSchemaKey,
  type Template,
  type TemplateInput,
  type TemplateUpdate,
} from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { hasStatus } from '../../../shared/api/api-error.ts';
import { mappingTemplateKeys } from '../query-keys.ts';
import { useMappingCalls } from './calls.ts';

/** GET /datamapping/v1/schemas/{id}: a read or write schema with its fields. */
export function getDmSchema(id: number, signal?: AbortSignal): Promise<DmSchema> {
  return callApi(dataMappingContracts.getSchema, { params: { id }, signal });
}

/**
 * GET /datamapping/v1/schemas/write: the standard write schemas (eligibility, claims) with their
 * ids, the writeId a template is generated onto.
 */
export function getStandardWriteSchemas(signal?: AbortSignal): Promise<StandardWriteSchema[]> {
  return callApi(dataMappingContracts.standardWriteSchemas, { signal });
}

/** The id of one standard write schema (they are seeded; a missing one is a server fault). */
export async function standardWriteSchemaId(key: StandardWriteSchemaKey): Promise<number> {
  const found = (await getStandardWriteSchemas()).find((schema) => schema.key === key);
  if (!found) throw new Error(`The standard ${key} write schema is missing`);
  return found.id;
}

/**
 * POST /datamapping/v1/schemas: a read schema, the layout of a source file (the import schema
 * wizard makes one from its field table before generating the mapping).
 */
export function createReadSchema(input: SchemaInput): Promise<DmSchema> {
  return callApi(dataMappingContracts.createSchema, { body: input });
}

export function useDmSchema(id: number | null) {
  const calls = useMappingCalls();
  return useQuery({
    queryKey: mappingTemplateKeys.schema(id ?? 0),
    queryFn: ({ signal }) => calls.getSchema(id ?? 0, signal),
    enabled: id !== null,
    retry: (failures, error) => !hasStatus(error, 400, 403, 404) && failures < 3,
  });
}

/** GET /datamapping/v1/templates/{id}: the mappings and the columns' Percent Populated. */
export function getTemplate(id: number, signal?: AbortSignal): Promise<Template> {
  return callApi(dataMappingContracts.getTemplate, { params: { id }, signal });
}

export function templateQueryOptions(id: number) {
  return queryOptions({
    queryKey: mappingTemplateKeys.template(id),
    queryFn: ({ signal }) => getTemplate(id, signal),
    retry: (failures, error) => !hasStatus(error, 400, 403, 404) && failures < 3,
  });
}

export function useTemplate(id: number | null) {
  return useQuery({ ...templateQueryOptions(id ?? 0), enabled: id !== null });
}

export interface GenerateTemplateRequest {
  readId: number;
  writeId: number;
  fileStorageId?: string | null;
}

/**
 * POST /templates/schemas/{readId}/{writeId}: a first template (sources guessed by name), not
 * saved; the mapping step generates it once, when the schema has no template yet.
 */
export function generateTemplate({
  readId,
  writeId,
  fileStorageId,
}: GenerateTemplateRequest): Promise<GeneratedTemplate> {
  return callApi(dataMappingContracts.generateTemplate, {
    params: { readId, writeId },
    body: { fileStorageId: fileStorageId ?? null },
  });
}

export function useGenerateTemplate() {
  return useMutation({
    mutationFn: generateTemplate,
    meta: { title: 'Generate Mapping Template', method: 'POST', notifyError: true },
  });
}

/** POST /templates/{id}: a copy of a template under a new name (a cloned schema's mapping). */
export async function copyTemplate(id: number): Promise<Template> {
  return callApi(dataMappingContracts.cloneTemplate, { params: { id } });
}

/**
 * GET /edi834: the fixed unmapped template of an 834 layout, which an EDI-834 schema's mapping
 * starts from (a copy of it, POST /templates/{id}; decision 0133).
 */
export async function unmapped834TemplateId(filename: string): Promise<number> {
  const { data } = await callApi(edi834Contracts.layouts);
  const id = data.find((layout) => layout.filename === filename)?.unmappedTemplateId ?? null;
  if (id === null) throw new Error(`The 834 layout ${filename} has no unmapped template`);
  return id;
}

/** What the step saves: a new template (no id) or the stored one (created once, updated after). */
export type TemplateSave = TemplateInput | TemplateUpdate;

export function saveTemplate(values: TemplateSave): Promise<Template> {
  return 'id' in values && typeof values.id === 'number'
    ? callApi(dataMappingContracts.updateTemplate, { body: values })
    : callApi(dataMappingContracts.createTemplate, { body: values });
}

/** The step shows the server's field messages itself, so the global error notice stays quiet. */
export function useSaveTemplate() {
  const queryClient = useQueryClient();
  const calls = useMappingCalls();
  return useMutation({
    mutationFn: calls.saveTemplate,
    meta: {
      title: 'Save Mapping Template',
      method: 'POST',
      notifySuccess: true,
      notifyError: false,
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(mappingTemplateKeys.template(saved.id), saved);
    },
  });
}
