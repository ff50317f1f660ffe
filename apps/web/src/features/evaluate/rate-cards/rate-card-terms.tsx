import { Table, Typography } from 'antd';
import {
  FORMULARY_DRUG_STATUS_LABELS,
  MEMBER_POPULATIONS,
  PRICING_CHANNELS,
  PROTECT_SERVICES_LEVELS,
  PROTECT_SERVICES_VERSIONS,
  formatNdc,
  type FormularyDrug,
  RATE_ADJUSTMENT_OPTION_LABELS,
  REBATE_TIERS,
  type RateAdjustment,
  type RateCardTerms,
} from '@pillar/domain';

/** The words the Rate Cards page uses for the card's parts (decision 0130). */
export const CHANNEL_LABELS = {
  retail: 'Retail',
  retail90: 'Retail 90',
  mail: 'Mail',
  specialtyRetail: 'Specialty Retail',
  specialtyMail: 'Specialty Mail',
} as const;
export const CLASS_LABELS = { brand: 'Brand', generic: 'Generic', ssg: 'SSG' } as const;
export const DISCOUNT_CHANNELS = ['retail', 'retail90', 'mail'] as const;

const percent = (n: number) => `${n.toFixed(2)}%`;
const money = (n: number) => `$${n.toFixed(2)}`;
const signed = (n: number) => (n === 0 ? '—' : `${n > 0 ? '+' : ''}${n.toFixed(2)}`);

function TermsTable<T extends object>({
  caption,
  columns,
  rows,
  rowKey,
  wide = false,
}: {
  caption: string;
  /** Across the whole width (tables with many columns), not in one of two columns. */
  wide?: boolean;
  columns: { title: string; render: (row: T) => string }[];
  rows: T[];
  rowKey: (row: T) => string;
}) {
  return (
    <section
      aria-label={caption}
      className={`rate-card-terms__block${wide ? ' rate-card-terms__block--wide' : ''}`}
    >
      <Typography.Title level={3}>{caption}</Typography.Title>
      <Table<T>
        size="small"
        pagination={false}
        rowKey={rowKey}
        dataSource={rows}
        tableLayout="fixed"
        columns={columns.map((c, i) => ({
          key: String(i),
          title: c.title,
          render: (_: unknown, row: T) => c.render(row),
        }))}
      />
    </section>
  );
}

/** The formulary drug lists (decision 0143): a count per formulary, then every line, paged. */
function FormularyDrugs({ drugs }: { drugs: readonly FormularyDrug[] }) {
  const formularies = [...new Set(drugs.map((d) => d.formulary))];
  const count = (f: string, status: FormularyDrug['status']) =>
    drugs.filter((d) => d.formulary === f && d.status === status).length;
  return (
    <section
      aria-label="Formulary drug lists"
      className="rate-card-terms__block rate-card-terms__block--wide"
    >
      <Typography.Title level={3}>Formulary drug lists</Typography.Title>
      {drugs.length === 0 ? (
        <Typography.Paragraph>
          No formulary lists: no claim counts as disrupted under this card.
        </Typography.Paragraph>
      ) : (
        <>
          <Typography.Paragraph>
            {formularies
              .map(
                (f) =>
                  `${f}: ${count(f, 'excluded')} excluded, ${count(f, 'nonPreferred')} non-preferred`,
              )
              .join('; ')}
          </Typography.Paragraph>
          <Table<FormularyDrug>
            size="small"
            aria-label="Formulary drugs"
            rowKey={(d) => `${d.formulary}|${d.ndc}`}
            dataSource={[...drugs]}
            pagination={{ pageSize: 10, showSizeChanger: false }}
            tableLayout="fixed"
            columns={[
              { key: 'formulary', title: 'Formulary', render: (_: unknown, d) => d.formulary },
              { key: 'ndc', title: 'NDC', render: (_: unknown, d) => formatNdc(d.ndc) },
              { key: 'drug', title: 'Drug', render: (_: unknown, d) => d.drugName },
              {
                key: 'status',
                title: 'Status',
                render: (_: unknown, d) => FORMULARY_DRUG_STATUS_LABELS[d.status],
              },
            ]}
          />
        </>
      )}
    </section>
  );
}

/** A card's terms as the analyst reads them: discounts, fees, rebates, admin fees, options. */
export function RateCardTermsView({ terms }: { terms: RateCardTerms }) {
  const rates = terms.protectServicesRates;
  const d = terms.discounts;
  const f = terms.dispensingFees;
  return (
    <div className="rate-card-terms">
      <TermsTable
        caption="Discounts off AWP"
        rowKey={(r) => r.label}
        rows={[
          ...DISCOUNT_CHANNELS.map((c) => ({
            label: CHANNEL_LABELS[c],
            brand: percent(d[c].brand),
            generic: percent(d[c].generic),
            ssg: percent(d[c].ssg),
          })),
          { label: 'Specialty', brand: percent(d.specialty), generic: '—', ssg: '—' },
        ]}
        columns={[
          { title: 'Channel', render: (r) => r.label },
          { title: 'Brand', render: (r) => r.brand },
          { title: 'Generic', render: (r) => r.generic },
          { title: 'SSG', render: (r) => r.ssg },
        ]}
      />
      <TermsTable
        caption="Dispensing fees per claim"
        rowKey={(r) => r.label}
        rows={[
          ...DISCOUNT_CHANNELS.map((c) => ({
            label: CHANNEL_LABELS[c],
            brand: money(f[c].brand),
            generic: money(f[c].generic),
          })),
          { label: 'Specialty Retail', brand: money(f.specialtyRetail), generic: '—' },
          { label: 'Specialty Mail', brand: money(f.specialtyMail), generic: '—' },
        ]}
        columns={[
          { title: 'Channel', render: (r) => r.label },
          { title: 'Brand', render: (r) => r.brand },
          { title: 'Generic', render: (r) => r.generic },
        ]}
      />
      <TermsTable
        caption="Rebates per brand claim"
        wide
        rowKey={(r) => r.tier}
        rows={REBATE_TIERS.map((tier) => ({ tier, rebates: terms.rebatesPerBrandClaim[tier] }))}
        columns={[
          { title: 'Rebate Tier', render: (r) => r.tier },
          ...PRICING_CHANNELS.map((c) => ({
            title: CHANNEL_LABELS[c],
            render: (r: { rebates: Record<(typeof PRICING_CHANNELS)[number], number> }) =>
              money(r.rebates[c]),
          })),
        ]}
      />
      <TermsTable
        caption="Administrative fee (PEPM) by member population"
        rowKey={() => 'admin'}
        rows={[terms.adminFeePepm]}
        columns={MEMBER_POPULATIONS.map((p) => ({
          title: p,
          render: (fees: RateCardTerms['adminFeePepm']) => money(fees[p]),
        }))}
      />
      <TermsTable<RateAdjustment>
        caption="Adjustments by option"
        wide
        rowKey={(a) => `${a.option}:${a.value}`}
        rows={terms.adjustments}
        columns={[
          { title: 'Option', render: (a) => RATE_ADJUSTMENT_OPTION_LABELS[a.option] },
          { title: 'Value', render: (a) => a.value },
          { title: 'Brand pts', render: (a) => signed(a.brandPoints) },
          { title: 'Generic pts', render: (a) => signed(a.genericPoints) },
          { title: 'Specialty pts', render: (a) => signed(a.specialtyPoints) },
          {
            title: 'Rebate ×',
            render: (a) => (a.rebateFactor === 1 ? '—' : String(a.rebateFactor)),
          },
          { title: 'Fee PEPM', render: (a) => (a.feePepm === 0 ? '—' : money(a.feePepm)) },
        ]}
      />
      <TermsTable
        caption="Protect services savings (% of gross paid)"
        rowKey={(r) => r.label}
        rows={PROTECT_SERVICES_VERSIONS.flatMap((version) =>
          PROTECT_SERVICES_LEVELS.map((level) => ({
            label: `${version} ${level}`,
            specialty: rates ? percent(rates[version][level].specialtyPercent) : '—',
            brand: rates ? percent(rates[version][level].brandPercent) : '—',
          })),
        )}
        columns={[
          { title: 'Version and level', render: (r) => r.label },
          { title: 'Specialty', render: (r) => r.specialty },
          { title: 'Brand', render: (r) => r.brand },
        ]}
      />
      <FormularyDrugs drugs={terms.formularyDrugs ?? []} />
    </div>
  );
}
