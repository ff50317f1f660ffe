import { useImperativeHandle, useState, type Ref } from 'react';
import { Alert, Button, Form, Input, Space } from 'antd';
import {
  DATA_MAPPING_MESSAGES,
  filterTemplateNameInput,
  TEMPLATE_NAME_MAX_LENGTH,
  templateNameSchema,
  type GeneratedTemplate,
  type Template,
  type TemplateMapping,
} from '@pillar/domain';
import { useDmSchema, useSaveTemplate } from '../api/templates.ts';
import { isApiError } from '../../../shared/api/api-error.ts';
import { MappingTable } from './mapping-table.tsx';
import {
  applyConcatenation,
  applyMultiField,
  applyTransformation,
  mappingRows,
  mappingsToSave,
  removeComposite,
  requiredWithoutSource,
  setSource,
} from './mapping-values.ts';
import { TransformDrawer, type GuideTransformation } from './transform-drawer.tsx';

export interface MappingEditorProps {
  /** A stored template (updated on save) or a generated one (created on the first save). */
  template: Template | GeneratedTemplate;
  readOnly: boolean;
  /** The transformation library as the drawer's guide lists it. */
  guide: readonly GuideTransformation[];
  onAddNewTransformation?: () => void;
  /** A transformation just made with Add New Transformation: the guide opens on it. */
  newTransformation?: string | null;
  onSaved?: (saved: Template) => void;
  /**
   * The stored template a generated one replaces (the schema's dmTemplateId after its field table
   * changed): Save updates it instead of creating another.
   */
  storedId?: number | null;
  /** Save Template under the table; the schema wizard saves on Next instead. */
  showSave?: boolean;
  /** What the schema wizard's Next asks of the mapping (blocked while required fields are unmapped). */
  handleRef?: Ref<MappingEditorHandle>;
}

/** The mapping as the step's owner reaches it (the schema wizard's Next). */
export interface MappingEditorHandle {
  /** Some required target has no source: the rows say 'This field is required'. */
  hasUnmappedRequired: () => boolean;
  /** Checks and saves (created once, updated after); null when refused or failed (shown). */
  save: () => Promise<Template | null>;
}

const isStored = (t: Template | GeneratedTemplate): t is Template => 'id' in t;

/**
 * The mapping of one template (spec 3 §2 "Mapping step", §5 "Mapping template"): its name, the
 * mapping table and the Transform drawer, and Save, which creates the template once and updates it
 * after. Save is blocked with 'All required fields must be mapped' while a required target has
 * no source, the same rule the server applies.
 */
export function MappingEditor({
  template,
  readOnly,
  guide,
  onAddNewTransformation,
  newTransformation = null,
  onSaved,
  storedId = null,
  showSave = true,
  handleRef,
}: MappingEditorProps) {
  const save = useSaveTemplate();
  const read = useDmSchema(template.readSchemaId);
  const [id, setId] = useState<number | null>(isStored(template) ? template.id : storedId);
  const [name, setName] = useState(template.name);
  const [mappings, setMappings] = useState<TemplateMapping[]>(template.mappings);
  const [editing, setEditing] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);

  const sourceColumns = read.data?.fields.map((f) => f.name) ?? [];
  const rows = mappingRows(
    template.columns.map((c) => ({ name: c.target, required: c.required })),
    mappings,
    template.columns,
  );
  const missing = requiredWithoutSource(rows);
  const editingMapping = rows.find((r) => r.target === editing)?.mapping ?? null;
  const edit = (next: TemplateMapping[]) => {
    setMappings(next);
    setProblem(null);
  };

  const saveNow = async (): Promise<Template | null> => {
    const parsedName = templateNameSchema.safeParse(name);
    setNameError(parsedName.success ? null : (parsedName.error.issues[0]?.message ?? null));
    if (missing.size > 0) setProblem(DATA_MAPPING_MESSAGES.allRequiredMapped);
    if (!parsedName.success || missing.size > 0) return null;
    setName(parsedName.data);
    const values = {
      name: parsedName.data,
      description: template.description,
      readSchemaId: template.readSchemaId,
      writeSchemaId: template.writeSchemaId,
      fileStorageId: template.fileStorageId,
      mappings: mappingsToSave(rows),
    };
    try {
      const saved = await save.mutateAsync(id === null ? values : { ...values, id });
      setId(saved.id);
      onSaved?.(saved);
      return saved;
    } catch (error) {
      setProblem(isApiError(error) ? error.message : 'The template could not be saved; try again');
      return null;
    }
  };

  useImperativeHandle(handleRef, () => ({
    hasUnmappedRequired: () => {
      if (missing.size > 0) setProblem(DATA_MAPPING_MESSAGES.allRequiredMapped);
      return missing.size > 0;
    },
    save: saveNow,
  }));

  return (
    <div className="mapping-editor">
      <Form layout="vertical" component="div">
        <Form.Item
          label="Template Name"
          htmlFor="mapping-template-name"
          validateStatus={nameError ? 'error' : undefined}
          help={nameError ?? undefined}
        >
          <Input
            id="mapping-template-name"
            value={name}
            disabled={readOnly}
            maxLength={TEMPLATE_NAME_MAX_LENGTH}
            style={{ maxWidth: 420 }}
            onChange={(e) => setName(filterTemplateNameInput(e.target.value))}
          />
        </Form.Item>
      </Form>
      <MappingTable
        rows={rows}
        sourceColumns={sourceColumns}
        missing={missing}
        showPercent={template.fileStorageId !== null}
        readOnly={readOnly}
        onSource={(target, source) => edit(setSource(mappings, target, source))}
        onTransform={setEditing}
      />
      {problem && (
        <Alert type="error" showIcon title={problem} className="mapping-editor__problem" />
      )}
      {!readOnly && showSave && (
        <Space style={{ marginTop: 12 }}>
          <Button type="primary" onClick={() => void saveNow()} loading={save.isPending}>
            Save Template
          </Button>
        </Space>
      )}
      <TransformDrawer
        mapping={editingMapping}
        sourceColumns={sourceColumns}
        guide={guide}
        readOnly={readOnly}
        onClose={() => setEditing(null)}
        onAddNew={onAddNewTransformation}
        highlight={newTransformation}
        onPick={(t) => editing && edit(applyTransformation(mappings, editing, t))}
        onConcatenation={(entries) => {
          if (editing) edit(applyConcatenation(mappings, editing, entries));
          setEditing(null);
        }}
        onMultiField={(variables, transformation) => {
          if (editing) edit(applyMultiField(mappings, editing, { variables, transformation }));
          setEditing(null);
        }}
        onRemove={() => editing && edit(removeComposite(mappings, editing))}
      />
    </div>
  );
}
