import { Checkbox, Form, Input, Radio, Select, Typography } from 'antd';
import {
  EDI_834_LAYOUTS,
  FILE_DELIMITERS,
  IMPORTER_TYPES,
  IMPORT_FILE_TYPES,
  IMPORT_SCHEMA_MARKER_MAX_LENGTH,
  IMPORT_SCHEMA_MESSAGES,
  fileTypeChange,
  importSchemaBaseInput,
  type ImportMediaType,
} from '@pillar/domain';
import { zodRule } from '../../shared/forms/zod-rule.ts';
import { useEdi834Filenames } from '../../entities/import-schema/index.ts';

const SHAPE = importSchemaBaseInput.shape;
const IMPORTER_OPTIONS = IMPORTER_TYPES.map((t) => ({ value: t.code, label: t.label }));
const FILE_TYPE_OPTIONS = IMPORT_FILE_TYPES.map((t) => ({ value: t.mediaType, label: t.label }));
const DELIMITER_OPTIONS = FILE_DELIMITERS.map((d) => ({ value: d.value, label: d.label }));
const markerRule = (label: string) => ({
  max: IMPORT_SCHEMA_MARKER_MAX_LENGTH,
  message: `${label} must not exceed ${IMPORT_SCHEMA_MARKER_MAX_LENGTH} characters`,
});

export interface FileDefinitionStepProps {
  /** How many fields the schema has: a file-type change on a schema with work asks first. */
  fieldCount: number;
  /** Asks whether to change the file type and clear the fields; true to go on. */
  confirmFileTypeChange: () => Promise<boolean>;
  /** Clears the field table after a confirmed file-type change. */
  onClearFields: () => void;
}

/**
 * Step 1 (spec 3 §2, §3 "Schema form fields"): the Import Schema form (name, importer type) and
 * the File Definition form, whose fields follow the file type: a delimiter for delimited text
 * (Other asks for the one character), the 834 layout for EDI-834, header, trailer and record
 * header values for fixed length, and the header-row options for delimited files and spreadsheets.
 */
export function FileDefinitionStep(props: FileDefinitionStepProps) {
  const mediaType = Form.useWatch<ImportMediaType | undefined>('mediaType');
  const delimiter = Form.useWatch<string | null | undefined>('fileDelimiter');
  const edi = mediaType === 'edi';
  const layouts = useEdi834Filenames(edi);
  const layoutOptions = (layouts.data?.data ?? EDI_834_LAYOUTS).map((l) => ({
    value: l.filename,
    label: l.label,
  }));

  return (
    <div className="import-schema-step file-definition-step">
      <section aria-labelledby="import-schema-form-title">
        <Typography.Title level={2} id="import-schema-form-title">
          Import Schema
        </Typography.Title>
        <div className="import-schema-grid">
          <Form.Item label="Schema Name" name="name" required rules={[zodRule(SHAPE.name)]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item
            label="Importer Type"
            name="importerType"
            required
            rules={[{ required: true, message: IMPORT_SCHEMA_MESSAGES.importerTypeRequired }]}
          >
            <Radio.Group options={IMPORTER_OPTIONS} optionType="button" />
          </Form.Item>
        </div>
      </section>
      <section aria-labelledby="file-definition-form-title">
        <Typography.Title level={2} id="file-definition-form-title">
          File Definition
        </Typography.Title>
        <div className="import-schema-grid">
          <Form.Item
            label="File Type"
            name="mediaType"
            required
            rules={[{ required: true, message: IMPORT_SCHEMA_MESSAGES.fileTypeRequired }]}
          >
            <FileTypeSelect {...props} />
          </Form.Item>
          {mediaType === 'csv' && (
            <Form.Item
              label="Delimiter"
              name="fileDelimiter"
              required
              rules={[{ required: true, message: IMPORT_SCHEMA_MESSAGES.delimiterRequired }]}
            >
              <Select options={DELIMITER_OPTIONS} placeholder="Select a delimiter" />
            </Form.Item>
          )}
          {mediaType === 'csv' && delimiter === 'other' && (
            <Form.Item
              label="Custom Delimiter"
              name="customDelimiter"
              required
              rules={[
                { required: true, message: IMPORT_SCHEMA_MESSAGES.customDelimiterRequired },
                { max: 1, message: IMPORT_SCHEMA_MESSAGES.customDelimiterTooLong },
              ]}
            >
              <Input maxLength={1} autoComplete="off" className="custom-delimiter-input" />
            </Form.Item>
          )}
          {edi && (
            <Form.Item
              label="834 Schema Filename"
              name="edi834Filename"
              required
              rules={[{ required: true, message: IMPORT_SCHEMA_MESSAGES.edi834FilenameRequired }]}
            >
              <Select
                options={layoutOptions}
                loading={layouts.isFetching}
                placeholder="Select an 834 layout"
              />
            </Form.Item>
          )}
        </div>
        {mediaType === 'fixed' && (
          <div className="import-schema-grid">
            <Form.Item label="Header Value" name="header" rules={[markerRule('Header Value')]}>
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item label="Trailer Value" name="footer" rules={[markerRule('Trailer Value')]}>
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item
              label="Record Header Value"
              name="recordHeader"
              dependencies={['footer']}
              rules={[
                markerRule('Record Header'),
                ({ getFieldValue }) => ({
                  validator: async (_rule, value: unknown) => {
                    const footer = getFieldValue('footer') as string | null | undefined;
                    const blank = typeof value !== 'string' || value.trim() === '';
                    if (footer?.trim() && blank) {
                      throw new Error(IMPORT_SCHEMA_MESSAGES.recordHeaderRequired);
                    }
                  },
                }),
              ]}
            >
              <Input autoComplete="off" />
            </Form.Item>
          </div>
        )}
        {(mediaType === 'csv' || mediaType === 'excel') && (
          <div className="import-schema-checks">
            <Form.Item name="ignoreHeader" valuePropName="checked">
              <Checkbox>Ignore Header</Checkbox>
            </Form.Item>
            <Form.Item name="fileHasHeaderRow" valuePropName="checked">
              <Checkbox>File Contains Header</Checkbox>
            </Form.Item>
          </div>
        )}
      </section>
    </div>
  );
}

/**
 * The file type, which on a schema with fields asks before it changes (spec 3 §4): the fields
 * describe the old type's columns, so the change clears them.
 */
function FileTypeSelect({
  id,
  value,
  onChange,
  fieldCount,
  confirmFileTypeChange,
  onClearFields,
  disabled,
}: FileDefinitionStepProps & {
  id?: string;
  value?: ImportMediaType;
  onChange?: (value: ImportMediaType) => void;
  disabled?: boolean;
}) {
  const choose = async (next: ImportMediaType) => {
    const decision = fileTypeChange(value, next, fieldCount);
    if (decision === 'unchanged') return;
    if (decision === 'confirmAndClear') {
      if (!(await confirmFileTypeChange())) return;
      onClearFields();
    }
    onChange?.(next);
  };
  return (
    <Select<ImportMediaType>
      id={id}
      value={value}
      disabled={disabled}
      options={FILE_TYPE_OPTIONS}
      placeholder="Select a file type"
      onChange={(next) => void choose(next)}
    />
  );
}
