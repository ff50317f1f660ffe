import { Alert, Button, Form, Input, InputNumber, Radio, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import {
  FORMULARY_DRUG_STATUSES,
  FORMULARY_DRUG_STATUS_LABELS,
  MEMBER_POPULATIONS,
  PBM_OPTION_VALUES,
  PROTECT_SERVICES_LEVELS,
  PROTECT_SERVICES_VERSIONS,
  RATE_CARD_DRUG_NAME_MAX_LENGTH,
  PRICING_CHANNELS,
  RATE_ADJUSTMENT_OPTIONS,
  RATE_ADJUSTMENT_OPTION_LABELS,
  RATE_CARD_NOTE_MAX_LENGTH,
  RATE_CARD_PBM_NAMES,
  REBATE_TIERS,
  adjustmentValues,
  effectiveDateProblem,
  rateCardVersionInput,
  type RateAdjustment,
  type RateCardPbm,
  type RateCardTermsValues,
  type RateCardVersion,
} from '@pillar/domain';
import { isApiError } from '../../../shared/api/api-error.ts';
import { DateInput, isoDateRule } from '../../../shared/inputs/date-input.tsx';
import { notifyError, notifySuccess } from '../../../shared/notifications/notify.ts';
import { useCreateRateCardVersion } from '../../../entities/rate-card/index.ts';
import { CHANNEL_LABELS, CLASS_LABELS, DISCOUNT_CHANNELS } from './rate-card-terms.tsx';

interface FormValues {
  effectiveDate: string | null;
  note?: string;
  terms: RateCardTermsValues;
}

type FieldPath = (string | number)[];

/** A dotted server field ('terms.adjustments.0.value') as the form's name path. */
function pathOf(field: string): FieldPath {
  return field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

function NumberCell({ name, label, prefix }: { name: FieldPath; label: string; prefix?: string }) {
  return (
    <Form.Item name={name} className="rate-card-form__cell">
      <InputNumber aria-label={label} prefix={prefix} className="rate-card-form__number" />
    </Form.Item>
  );
}

/** A grid of number inputs: a row header per row, a column header per column. */
function NumberGrid({
  caption,
  labelPrefix,
  rows,
  columns,
  name,
  prefix,
  wide = false,
}: {
  caption: string;
  /** Across the whole form (many columns). */
  wide?: boolean;
  /** What each input's accessible name starts with ('Discount', so 'Discount Retail Brand'). */
  labelPrefix: string;
  rows: { key: string; label: string }[];
  columns: { key: string; label: string }[];
  name: (row: string, column: string) => FieldPath | null;
  prefix?: string;
}) {
  return (
    <fieldset className={`rate-card-form__grid${wide ? ' rate-card-form__grid--wide' : ''}`}>
      <legend>{caption}</legend>
      <table>
        <thead>
          <tr>
            <td />
            {columns.map((c) => (
              <th key={c.key} scope="col">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{r.label}</th>
              {columns.map((c) => {
                const path = name(r.key, c.key);
                return (
                  <td key={c.key}>
                    {path && (
                      <NumberCell
                        name={path}
                        label={`${labelPrefix} ${r.label} ${c.label}`}
                        prefix={prefix}
                      />
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </fieldset>
  );
}

const DISCOUNT_ROWS = [
  ...DISCOUNT_CHANNELS.map((c) => ({ key: c, label: CHANNEL_LABELS[c] })),
  { key: 'specialty', label: 'Specialty' },
];
const FEE_ROWS = [
  ...DISCOUNT_CHANNELS.map((c) => ({ key: c, label: CHANNEL_LABELS[c] })),
  { key: 'specialtyRetail', label: 'Specialty Retail' },
  { key: 'specialtyMail', label: 'Specialty Mail' },
];

function AdjustmentRows({ pbm }: { pbm: RateCardPbm }) {
  const form = Form.useFormInstance<FormValues>();
  return (
    <fieldset className="rate-card-form__adjustments">
      <legend>Adjustments by option</legend>
      <Form.List name={['terms', 'adjustments']}>
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, index) => (
              <Form.Item
                key={field.key}
                noStyle
                shouldUpdate={(a: FormValues, b: FormValues) =>
                  a.terms?.adjustments?.[index]?.option !== b.terms?.adjustments?.[index]?.option
                }
              >
                {() => {
                  const option = form.getFieldValue([
                    'terms',
                    'adjustments',
                    index,
                    'option',
                  ]) as RateAdjustment['option'];
                  const n = index + 1;
                  return (
                    <div
                      className="rate-card-form__adjustment"
                      role="group"
                      aria-label={`Adjustment ${n}`}
                    >
                      <Form.Item name={[field.name, 'option']} label="Option">
                        <Select
                          aria-label={`Adjustment ${n} option`}
                          options={RATE_ADJUSTMENT_OPTIONS.filter(
                            (o) => adjustmentValues(pbm, o).length > 0,
                          ).map((o) => ({ value: o, label: RATE_ADJUSTMENT_OPTION_LABELS[o] }))}
                          onChange={() =>
                            form.setFieldValue(['terms', 'adjustments', index, 'value'], undefined)
                          }
                        />
                      </Form.Item>
                      <Form.Item name={[field.name, 'value']} label="Value">
                        <Select
                          aria-label={`Adjustment ${n} value`}
                          options={adjustmentValues(pbm, option).map((v) => ({
                            value: v,
                            label: v,
                          }))}
                        />
                      </Form.Item>
                      <Form.Item name={[field.name, 'brandPoints']} label="Brand pts">
                        <InputNumber aria-label={`Adjustment ${n} brand points`} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'genericPoints']} label="Generic pts">
                        <InputNumber aria-label={`Adjustment ${n} generic points`} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'specialtyPoints']} label="Specialty pts">
                        <InputNumber aria-label={`Adjustment ${n} specialty points`} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'rebateFactor']} label="Rebate ×">
                        <InputNumber aria-label={`Adjustment ${n} rebate factor`} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'feePepm']} label="Fee PEPM">
                        <InputNumber aria-label={`Adjustment ${n} fee PEPM`} prefix="$" />
                      </Form.Item>
                      <Button
                        onClick={() => remove(field.name)}
                        aria-label={`Remove adjustment ${n}`}
                      >
                        Remove
                      </Button>
                    </div>
                  );
                }}
              </Form.Item>
            ))}
            <Button
              onClick={() =>
                add({
                  option: 'pricing',
                  value: undefined,
                  brandPoints: 0,
                  genericPoints: 0,
                  specialtyPoints: 0,
                  rebateFactor: 1,
                  feePepm: 0,
                })
              }
            >
              Add Adjustment
            </Button>
          </>
        )}
      </Form.List>
    </fieldset>
  );
}

const PROTECT_ROWS = PROTECT_SERVICES_VERSIONS.flatMap((version) =>
  PROTECT_SERVICES_LEVELS.map((level) => ({
    key: `${version}|${level}`,
    label: `${version} ${level}`,
  })),
);

/**
 * The formulary drug lists (decision 0143): one formulary's lines at a time (the cards list a
 * hundred or more), each an 11-digit NDC, the drug's name and whether the formulary excludes it
 * or moves it to non-preferred. The other formularies' lines stay in the form's values.
 */
function FormularyDrugRows({
  pbm,
  formulary,
  onFormulary,
}: {
  pbm: RateCardPbm;
  formulary: string;
  onFormulary: (formulary: string) => void;
}) {
  const form = Form.useFormInstance<FormValues>();
  // `preserve`: the lines of the formularies not shown have no field mounted, yet count.
  const drugs = Form.useWatch(['terms', 'formularyDrugs'], { form, preserve: true }) as
    FormValues['terms']['formularyDrugs'] | undefined;
  return (
    <fieldset className="rate-card-form__adjustments">
      <legend>Formulary drug lists</legend>
      <Radio.Group
        aria-label="Formulary to edit"
        className="rate-card-form__formulary"
        optionType="button"
        value={formulary}
        onChange={(e) => onFormulary(e.target.value as string)}
        options={PBM_OPTION_VALUES[pbm].formulary.map((f) => ({
          value: f,
          label: `${f} (${(drugs ?? []).filter((d) => d?.formulary === f).length} drugs)`,
        }))}
      />
      <Form.List name={['terms', 'formularyDrugs']}>
        {(fields, { add, remove }) => {
          const shown = fields.filter((f) => drugs?.[f.name]?.formulary === formulary);
          return (
            <>
              {shown.map((field, i) => {
                const n = i + 1;
                return (
                  <div
                    key={field.key}
                    className="rate-card-form__adjustment"
                    role="group"
                    aria-label={`${formulary} drug ${n}`}
                  >
                    <Form.Item name={[field.name, 'ndc']} label="NDC">
                      <Input aria-label={`${formulary} drug ${n} NDC`} maxLength={13} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'drugName']} label="Drug name">
                      <Input
                        aria-label={`${formulary} drug ${n} name`}
                        maxLength={RATE_CARD_DRUG_NAME_MAX_LENGTH}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'status']} label="Status">
                      <Select
                        aria-label={`${formulary} drug ${n} status`}
                        options={FORMULARY_DRUG_STATUSES.map((v) => ({
                          value: v,
                          label: FORMULARY_DRUG_STATUS_LABELS[v],
                        }))}
                      />
                    </Form.Item>
                    <Button
                      onClick={() => remove(field.name)}
                      aria-label={`Remove ${formulary} drug ${n}`}
                    >
                      Remove
                    </Button>
                  </div>
                );
              })}
              <Button onClick={() => add({ formulary, ndc: '', drugName: '', status: 'excluded' })}>
                Add Drug
              </Button>
            </>
          );
        }}
      </Form.List>
    </fieldset>
  );
}

/**
 * The edit form: the card in force's terms to change, saved as a new version from its effective
 * date (never over the old one). The domain's schema checks the values before the call, with the
 * messages the server would answer; the server's own answer (the date rule under its lock) is
 * shown on its field too.
 */
export function RateCardForm({
  pbm,
  current,
  latestEffectiveDate,
  defaultEffectiveDate,
  onDone,
}: {
  pbm: RateCardPbm;
  current: RateCardVersion | null;
  latestEffectiveDate: string | null;
  defaultEffectiveDate: string;
  onDone: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const save = useCreateRateCardVersion();
  const [formulary, setFormulary] = useState<string>(PBM_OPTION_VALUES[pbm].formulary[0]!);
  const initialValues = useMemo<Partial<FormValues>>(
    () => ({
      effectiveDate: defaultEffectiveDate,
      note: '',
      ...(current ? { terms: current.terms } : {}),
    }),
    [current, defaultEffectiveDate],
  );

  const showIssues = (issues: { path: FieldPath; message: string }[]) => {
    const byField = new Map<string, { name: FieldPath; errors: string[] }>();
    for (const issue of issues) {
      const key = issue.path.join('.');
      if (!byField.has(key)) byField.set(key, { name: issue.path, errors: [issue.message] });
    }
    form.setFields([...byField.values()] as Parameters<typeof form.setFields>[0]);
    // A refused drug line may be under another formulary than the one shown: show its list.
    const index = issues.find((i) => i.path[1] === 'formularyDrugs' && i.path.length > 3)?.path[2];
    if (typeof index === 'number') {
      const line = form.getFieldValue(['terms', 'formularyDrugs', index]) as
        { formulary?: string } | undefined;
      if (line?.formulary) setFormulary(line.formulary);
    }
  };

  const submit = async () => {
    // Every value, not only the mounted fields': the other formularies' drug lines are unmounted.
    const values = form.getFieldsValue(true) as FormValues;
    const input = { pbm, ...values, note: values.note ?? null };
    const parsed = rateCardVersionInput.safeParse(input);
    const issues: { path: FieldPath; message: string }[] = parsed.success
      ? []
      : parsed.error.issues.map((i) => ({
          path: i.path.filter((p): p is string | number => typeof p !== 'symbol'),
          message: i.message,
        }));
    const dateProblem =
      values.effectiveDate && effectiveDateProblem(values.effectiveDate, latestEffectiveDate);
    if (dateProblem) issues.push({ path: ['effectiveDate'], message: dateProblem });
    if (issues.length > 0 || !parsed.success) {
      showIssues(issues);
      return;
    }
    try {
      await save.mutateAsync(parsed.data);
      notifySuccess('Rate Card Saved');
      onDone();
    } catch (error) {
      if (isApiError(error) && error.params && error.status === 400)
        showIssues(
          Object.entries(error.params).map(([field, message]) => ({
            path: pathOf(field),
            message,
          })),
        );
      else notifyError(error, 'The rate card could not be saved');
    }
  };

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={submit}
      className="rate-card-form"
      aria-label={`New version of the ${RATE_CARD_PBM_NAMES[pbm]} rate card`}
    >
      <Typography.Paragraph>
        Saving creates a new version in force from its effective date; the current card stays in the
        history.
        {latestEffectiveDate && ` The date may not be before ${latestEffectiveDate}.`}
      </Typography.Paragraph>
      <Space wrap align="start">
        <Form.Item
          name="effectiveDate"
          label="Effective Date"
          required
          rules={[isoDateRule('Effective Date')]}
        >
          <DateInput />
        </Form.Item>
        <Form.Item name="note" label="Note" className="rate-card-form__note">
          <Input maxLength={RATE_CARD_NOTE_MAX_LENGTH} placeholder="What changed and why" />
        </Form.Item>
      </Space>
      <div className="rate-card-form__grids">
        <NumberGrid
          caption="Discounts off AWP (%)"
          labelPrefix="Discount"
          rows={DISCOUNT_ROWS}
          columns={Object.entries(CLASS_LABELS).map(([key, label]) => ({ key, label }))}
          name={(row, column) =>
            row === 'specialty'
              ? column === 'brand'
                ? ['terms', 'discounts', 'specialty']
                : null
              : ['terms', 'discounts', row, column]
          }
        />
        <NumberGrid
          caption="Dispensing fees per claim ($)"
          labelPrefix="Dispensing fee"
          rows={FEE_ROWS}
          columns={[
            { key: 'brand', label: 'Brand' },
            { key: 'generic', label: 'Generic' },
          ]}
          name={(row, column) =>
            row.startsWith('specialty')
              ? column === 'brand'
                ? ['terms', 'dispensingFees', row]
                : null
              : ['terms', 'dispensingFees', row, column]
          }
        />
        <NumberGrid
          caption="Rebates per brand claim ($)"
          labelPrefix="Rebate"
          wide
          rows={REBATE_TIERS.map((t) => ({ key: t, label: t }))}
          columns={PRICING_CHANNELS.map((c) => ({ key: c, label: CHANNEL_LABELS[c] }))}
          name={(row, column) => ['terms', 'rebatesPerBrandClaim', row, column]}
        />
        <NumberGrid
          caption="Administrative fee PEPM ($)"
          labelPrefix="Administrative fee"
          rows={[{ key: 'fee', label: 'PEPM' }]}
          columns={MEMBER_POPULATIONS.map((p) => ({ key: p, label: p }))}
          name={(_row, column) => ['terms', 'adminFeePepm', column]}
        />
        <NumberGrid
          caption="Protect services savings (% of gross paid)"
          labelPrefix="Protect services"
          rows={PROTECT_ROWS}
          columns={[
            { key: 'specialtyPercent', label: 'Specialty' },
            { key: 'brandPercent', label: 'Brand' },
          ]}
          name={(row, column) => {
            const [version, level] = row.split('|') as [string, string];
            return ['terms', 'protectServicesRates', version, level, column];
          }}
        />
      </div>
      <AdjustmentRows pbm={pbm} />
      <FormularyDrugRows pbm={pbm} formulary={formulary} onFormulary={setFormulary} />
      {save.isError && !isApiError(save.error) && (
        <Alert type="error" showIcon title="The rate card could not be saved." />
      )}
      <Space className="rate-card-form__actions">
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save New Version
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </Space>
    </Form>
  );
}
