import { Alert, Spin, Table, Typography } from 'antd';
import { IMPORT_SCHEMA_WIZARD_MESSAGES, type ImportSchemaWizardMode } from '@pillar/domain';
import {
  MappingEditor,
  MappingJobPanel,
  useTemplate,
} from '../../entities/mapping-template/index.ts';
import { useTransformations } from '../../entities/transformation/index.ts';

export interface MappingStepProps {
  mode: ImportSchemaWizardMode;
  /** The schema's fields in file order: the source columns of the mapping. */
  fieldNames: readonly string[];
  /** EDI-834: the source fields come from the 834 layout, not from a field table. */
  edi: boolean;
  /** The schema's data mapper template (dmTemplateId); null until one is mapped. */
  templateId?: number | null;
}

/**
 * Step 3, Mapping & Transformations (spec 3 §2). A schema with a data mapper template edits it
 * here (the mapping table, the Transform drawer, Save) and runs a mapping job on the template's
 * sample file; in view mode everything shows and nothing edits. A schema without a template yet
 * shows the source columns it will map from (decision 0122).
 */
export function MappingStep({ mode, fieldNames, edi, templateId = null }: MappingStepProps) {
  const view = mode === 'view';
  const template = useTemplate(templateId);
  const guide = useTransformations('');
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
      {templateId !== null ? (
        template.isPending ? (
          <Spin />
        ) : template.data ? (
          <>
            <MappingEditor
              template={template.data}
              readOnly={view}
              guide={(guide.data?.data ?? []).map((t) => ({
                name: t.name,
                description: t.description ?? '',
              }))}
            />
            {!view && template.data.fileStorageId && (
              <MappingJobPanel
                templateId={template.data.id}
                fileStorageId={template.data.fileStorageId}
              />
            )}
          </>
        ) : (
          <Alert type="error" showIcon title="The mapping template could not be loaded" />
        )
      ) : (
        <SourceColumns fieldNames={fieldNames} edi={edi} />
      )}
    </section>
  );
}

/** Before a template exists: what the mapping will map from. */
function SourceColumns({ fieldNames, edi }: { fieldNames: readonly string[]; edi: boolean }) {
  if (edi)
    return <p>The source fields of an EDI-834 file come from its 834 implementation layout.</p>;
  return (
    <>
      <p>
        Mapping these source columns to the standard eligibility layout is set in the data mapper.
      </p>
      <Table
        size="small"
        rowKey="column"
        pagination={false}
        aria-label="Source columns"
        locale={{
          emptyText: <span className="schema-attachments__empty">No fields defined yet</span>,
        }}
        scroll={{ y: 420 }}
        dataSource={fieldNames.map((name, index) => ({ column: index + 1, name }))}
        columns={[
          { title: '#', dataIndex: 'column', width: 64 },
          { title: 'Source Column', dataIndex: 'name' },
        ]}
      />
    </>
  );
}
