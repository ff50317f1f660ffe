import { Alert, Table, Typography } from 'antd';
import { IMPORT_SCHEMA_WIZARD_MESSAGES, type ImportSchemaWizardMode } from '@pillar/domain';

export interface MappingStepProps {
  mode: ImportSchemaWizardMode;
  /** The schema's fields in file order: the source columns of the mapping. */
  fieldNames: readonly string[];
  /** EDI-834: the source fields come from the 834 layout, not from a field table. */
  edi: boolean;
}

/**
 * Step 3, Mapping & Transformations (spec 3 §2). The data mapper (the next issue) maps these
 * source columns onto the standard eligibility layout and replaces this component; until then the
 * step shows what it will map from, so the wizard's path and its buttons are already the real
 * ones (decision 0112).
 */
export function MappingStep({ mode, fieldNames, edi }: MappingStepProps) {
  return (
    <section aria-labelledby="mapping-step-title" className="import-schema-step">
      <Typography.Title level={2} id="mapping-step-title">
        Mapping &amp; Transformations
      </Typography.Title>
      {mode === 'view' && (
        <Alert
          type="info"
          showIcon
          title={IMPORT_SCHEMA_WIZARD_MESSAGES.mappingViewOnly}
          className="import-schema-step__notice"
        />
      )}
      <p>
        Mapping these source columns to the standard eligibility layout is set in the data mapper.
      </p>
      {edi ? (
        <p>The source fields of an EDI-834 file come from its 834 implementation layout.</p>
      ) : (
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
      )}
    </section>
  );
}
