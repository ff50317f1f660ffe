import { describe, expect, it } from 'vitest';
import { OUTPUT_TEMPLATES, pricingGridData, type OutputTemplate } from '@pillar/domain';
import { readPdfText } from '../../platform/pdf/pdf-text.ts';
import { PROPOSAL_LAYOUTS, type ProposalData } from './proposal-layout.ts';
import { proposalPdf } from './proposal-pdf.ts';

const column = (key: string, name: string, net: number, savings: number) => ({
  key,
  pbm: null,
  name,
  planCost: {
    grossClaimAmountPaid: net + 100,
    lessMemberCostShare: 40,
    totalCredits: 20,
    rebateAmount: 50,
    totalFees: 10,
    netCost: net,
    paidAmountBreakdown: [
      {
        deliverySystem: 'retail',
        brandGenericInd: 'generic',
        grossClaimAmountPaid: 60,
        totalRx: 3,
      },
      { deliverySystem: 'mail', brandGenericInd: 'brand', grossClaimAmountPaid: 40, totalRx: 1 },
    ],
  },
  contractSavings: { contractSavings: savings, percentSavings: 0 },
});

function data(template: OutputTemplate): ProposalData {
  return {
    title: 'Opportunity 1, iteration 1',
    notes: '',
    template,
    layout: PROPOSAL_LAYOUTS[template],
    columns: pricingGridData.parse({
      columns: [column('incumbent', 'Incumbent', 1000, 0), column('cvs', 'Caremark', 900, 100)],
    }).columns,
    footNotes: [
      { id: 1, category: 'general', text: 'Rebates are estimates.', pages: [], isStatic: true },
    ],
    claimDetail: undefined,
  };
}

const CHARTS = [
  'Net Cost by Column',
  'Contract Savings by Column',
  'Spend by Channel',
  'Spend by Brand/Generic',
] as const;

/** What a reader sees of a template's PDF: its cover, its charts, where the footnotes are. */
async function shape(template: OutputTemplate) {
  const text = (await readPdfText(await proposalPdf(data(template)))).pages.join('\n');
  return {
    cover: text.includes(PROPOSAL_LAYOUTS[template].coverTitle),
    charts: CHARTS.filter((c) => text.includes(c)),
    footnotesFirst: text.indexOf('Rebates are estimates.') < text.indexOf('Pricing Grid'),
  };
}

describe('the proposal PDF of each output template (decision 0126)', () => {
  it('lays out each template as its layout says, no two alike', async () => {
    const shapes = Object.fromEntries(
      await Promise.all(OUTPUT_TEMPLATES.map(async (t) => [t, await shape(t)] as const)),
    );
    expect(shapes).toEqual({
      Standard: { cover: true, charts: [...CHARTS], footnotesFirst: false },
      WTW: {
        cover: true,
        charts: ['Net Cost by Column', 'Contract Savings by Column', 'Spend by Brand/Generic'],
        footnotesFirst: false,
      },
      HUB: { cover: true, charts: [], footnotesFirst: false },
      C2: {
        cover: true,
        charts: ['Net Cost by Column', 'Spend by Channel', 'Spend by Brand/Generic'],
        footnotesFirst: false,
      },
      MMA: { cover: true, charts: [...CHARTS], footnotesFirst: true },
    });
    // Standard and MMA share their charts and cover title; MMA's footnotes lead.
    const layouts = OUTPUT_TEMPLATES.map((t) => JSON.stringify(PROPOSAL_LAYOUTS[t]));
    expect(new Set(layouts).size).toBe(OUTPUT_TEMPLATES.length);
  });
});
