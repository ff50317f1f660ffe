import { useState, type Ref } from 'react';
import { Alert, Button, Spin, Table, Typography } from 'antd';
import {
  IMPORT_SCHEMA_WIZARD_MESSAGES,
  type GeneratedTemplate,
  type ImportSchemaWizardMode,
  type Template,
} from '@pillar/domain';
import {
  MappingEditor,
  MappingJobList,
  MappingJobPanel,
  useTemplate,
  type GuideTransformation,
  type MappingEditorHandle,
} from '../../entities/mapping-template/index.ts';
import { TransformationWizard, useTransformations } from '../../entities/transformation/index.ts';

export interface MappingStepProps {
  mode: ImportSchemaWizardMode;
  /** The schema's fields in file order: the source columns of the mapping. */
  fieldNames: readonly string[];
  /** EDI-834: the source fields come from the 834 layout, not from a field table. */
  edi: boolean;
  /** The schema's data mapper template (dmTemplateId); null until one is saved. */
  templateId: number | null;
  /**
   * A template generated from the field table and not saved yet (create mode, or a changed field
   * table): Next saves it, as an update of `templateId` when the schema already has one.
   */
  generated: GeneratedTemplate | null;
  /** The read schema and the generated template are being made. */
  preparing: boolean;
  /** Why they could not be made (the step offers Try Again). */
  prepareError: string | null;
  onRetry: () => void;
  /** What the wizard's Next asks of the mapping. */
  editorRef: Ref<MappingEditorHandle>;
  onSaved: (saved: Template) => void;
}

/**
 * Step 3, Mapping & Transformations (spec 3 §2, §4; decisions 0122, 0134). The template is
 * generated once from the field table (create mode, or after the table changed) and saved by Next,
 * created the first time and updated after; the schema keeps its id (dmTemplateId). A stored
 * template loads and edits here. The Transform drawer's Add New Transformation opens the
 * transformation wizard in place; the new one is then listed in the drawer's guide to select. A
 * template with a sample file runs a mapping job; a stored template lists its jobs (newest first,
 * their output and row errors). In view mode everything shows and nothing edits.
 */
export function MappingStep(props: MappingStepProps) {
  const { mode, fieldNames, edi, templateId, generated, preparing, prepareError } = props;
  const view = mode === 'view';
  const stored = useTemplate(generated ? null : templateId);
  const library = useTransformations('');
  const [wizardOpen, setWizardOpen] = useState(false);
  // Made in this visit: listed even past the library's first page, the newest one searched for.
  const [added, setAdded] = useState<GuideTransformation[]>([]);
  const guide = [
    ...(library.data?.data ?? []).map((t) => ({ name: t.name, description: t.description ?? '' })),
  ];
  for (const t of added) if (!guide.some((g) => g.name === t.name)) guide.push(t);

  const template = generated ?? stored.data ?? null;
  let body;
  if (prepareError) {
    body = (
      <Alert
        type="error"
        showIcon
        title="The mapping could not be prepared"
        description={prepareError}
        action={<Button onClick={props.onRetry}>Try Again</Button>}
      />
    );
  } else if (preparing || (!generated && templateId !== null && stored.isPending)) {
    body = <Spin description="Preparing the mapping" />;
  } else if (template) {
    body = (
      <>
        <MappingEditor
          // A new generation or a newly loaded template starts a fresh editor.
          key={generated ? `generated:${generated.readSchemaId}` : `stored:${templateId}`}
          template={template}
          storedId={templateId}
          readOnly={view}
          guide={guide}
          showSave={false}
          handleRef={props.editorRef}
          onSaved={props.onSaved}
          onAddNewTransformation={view ? undefined : () => setWizardOpen(true)}
          newTransformation={added.at(-1)?.name ?? null}
        />
        {!view && !generated && stored.data?.fileStorageId && (
          <MappingJobPanel templateId={stored.data.id} fileStorageId={stored.data.fileStorageId} />
        )}
        {!generated && stored.data && <MappingJobList templateId={stored.data.id} />}
      </>
    );
  } else if (templateId !== null) {
    body = <Alert type="error" showIcon title="The mapping template could not be loaded" />;
  } else {
    body = <SourceColumns fieldNames={fieldNames} edi={edi} />;
  }

  return (
    <section aria-labelledby="mapping-step-title" className="import-schema-step">
      <Typography.Title level={2} id="mapping-step-title">
        Mapping &amp; Transformations
      </Typography.Title>
      {view && (
        <Alert
          type="info"
          showIcon
          title={IMPORT_SCHEMA_WIZARD_MESSAGES.mappingViewOnly}
          className="import-schema-step__notice"
        />
      )}
      {body}
      {!view && (
        <TransformationWizard
          open={wizardOpen}
          onClose={() => setWizardOpen(false)}
          onCreated={(created) =>
            setAdded((list) => [
              ...list,
              { name: created.name, description: created.description ?? '' },
            ])
          }
        />
      )}
    </section>
  );
}

/** Without a template: what the mapping will map from. */
function SourceColumns({ fieldNames, edi }: { fieldNames: readonly string[]; edi: boolean }) {
  if (edi)
    return <p>The source fields of an EDI-834 file come from its 834 implementation layout.</p>;
  return (
    <>
      <p>
        This schema has no mapping template yet. Its fields below are the source columns the
        template maps from.
      </p>
      <Table
        size="small"
        rowKey="column"
        pagination={false}
        aria-label="Source columns"
        locale={{
          emptyText: <span className="schema-attachments__empty">No fields defined yet</span>,
        }}
        dataSource={fieldNames.map((name, index) => ({ column: index + 1, name }))}
        columns={[
          { title: '#', dataIndex: 'column', width: 64 },
          { title: 'Source Column', dataIndex: 'name' },
        ]}
      />
    </>
  );
}
