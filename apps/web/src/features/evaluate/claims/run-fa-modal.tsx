import { Alert, Form, Modal, Select } from 'antd';
import {
  DISRUPTION_TIERS,
  PRICING_MESSAGES,
  PRICING_OPTIONS,
  SPECIALTY_INDICATORS,
  faJobInput,
  type MappedClaimsFile,
} from '@pillar/domain';
import { useCreateFaJob } from '../../../entities/pricing/index.ts';
import { zodRule } from '../../../shared/forms/zod-rule.ts';

interface RunFaValues {
  fileStorageID?: number;
  pricingOption?: string;
  disruptionType?: string;
  pbmSpecialtyOverride?: string;
}

export interface RunFaModalProps {
  opportunityId: number;
  open: boolean;
  files: readonly MappedClaimsFile[];
  file: MappedClaimsFile;
  /** The Fill Date Range of the Summary (null: the whole file). */
  range: { start: string; end: string } | null;
  onClose: () => void;
  onStarted: () => void;
}

/**
 * Run Financial Analysis (spec 3 §2, §5): file, pricing option, disruption type and specialty
 * indicator are required (the same zod schema as the server's); a refused or failed start shows
 * 'Create FA Job Failed' in the modal.
 */
export function RunFaModal({
  opportunityId,
  open,
  files,
  file,
  range,
  onClose,
  onStarted,
}: RunFaModalProps) {
  const [form] = Form.useForm<RunFaValues>();
  const create = useCreateFaJob(opportunityId);
  const rule = (name: keyof RunFaValues) => zodRule(faJobInput.shape[name], { empty: 'undefined' });

  const submit = (values: RunFaValues) =>
    create.mutate(
      {
        fileStorageID: values.fileStorageID as number,
        pricingOption: values.pricingOption as (typeof PRICING_OPTIONS)[number],
        disruptionType: values.disruptionType as (typeof DISRUPTION_TIERS)[number],
        pbmSpecialtyOverride: values.pbmSpecialtyOverride as (typeof SPECIALTY_INDICATORS)[number],
        retail90: 1,
        analysisStartDate: range?.start ?? null,
        analysisEndDate: range?.end ?? null,
      },
      { onSuccess: onStarted },
    );

  return (
    <Modal
      title="Run Financial Analysis"
      open={open}
      onCancel={() => {
        create.reset();
        onClose();
      }}
      okText="Run"
      okButtonProps={{ loading: create.isPending }}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          fileStorageID: file.id,
          pricingOption: 'Commercial',
          disruptionType: '3TIER',
          pbmSpecialtyOverride: 'N/A',
        }}
      >
        <Form.Item label="File" name="fileStorageID" rules={[rule('fileStorageID')]}>
          <Select options={files.map((f) => ({ value: f.id, label: f.fileName }))} />
        </Form.Item>
        <Form.Item label="Pricing Option" name="pricingOption" rules={[rule('pricingOption')]}>
          <Select options={PRICING_OPTIONS.map((v) => ({ value: v, label: v }))} />
        </Form.Item>
        <Form.Item label="Disruption Type" name="disruptionType" rules={[rule('disruptionType')]}>
          <Select options={DISRUPTION_TIERS.map((v) => ({ value: v, label: v }))} />
        </Form.Item>
        <Form.Item
          label="Specialty Indicator"
          name="pbmSpecialtyOverride"
          rules={[rule('pbmSpecialtyOverride')]}
        >
          <Select options={SPECIALTY_INDICATORS.map((v) => ({ value: v, label: v }))} />
        </Form.Item>
      </Form>
      {create.isError && <Alert type="error" showIcon title={PRICING_MESSAGES.createFaJobFailed} />}
    </Modal>
  );
}
