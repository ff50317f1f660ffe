import { formatDate, pbcFileName } from '@pillar/domain';
import { createPdf } from '../../platform/pdf/pdf-document.ts';
import type { PlanBenefitContent } from './plan-info.repo.ts';

export type PbcPrograms = readonly { name: string; description: string | null }[];

/** The most PBC documents kept rendered (each some kilobytes; an organization has one in effect). */
export const PBC_CACHE_ENTRIES = 200;

const rendered = new Map<string, Promise<{ fileName: string; body: Buffer }>>();

/**
 * The PBC document, rendered once per content: the render is a function of its inputs alone (the
 * PDF's dates are fixed), so the answer is byte-identical to a fresh render. The key is the whole
 * content and programs, so any edit of them is a new key and shows at once; an entry nobody asks
 * for again ages out (least recently used first, at most PBC_CACHE_ENTRIES). Callers must not
 * modify the body.
 */
export async function pbcPdfOf(
  content: PlanBenefitContent,
  programs: PbcPrograms,
): Promise<{ fileName: string; body: Buffer }> {
  const key = JSON.stringify([content, programs]);
  const cached = rendered.get(key);
  if (cached) {
    rendered.delete(key); // set again: the Map's order is the order of use
    rendered.set(key, cached);
    return cached;
  }
  const document = renderPbcPdf(content, programs);
  // A failed render is not kept: the next request renders again.
  document.catch(() => {
    if (rendered.get(key) === document) rendered.delete(key);
  });
  if (rendered.size >= PBC_CACHE_ENTRIES) rendered.delete(rendered.keys().next().value!);
  rendered.set(key, document);
  return document;
}

/*
 * The plan benefit content (PBC) document: what the plan pays and what the member pays, printed
 * from the organization's plan data so an agent can read it to a caller or send it on. One page
 * in the usual case: the plan, the cost-share tiers, the formulary and dispense-as-written rule,
 * and the programs.
 */
export async function renderPbcPdf(
  content: PlanBenefitContent,
  programs: PbcPrograms,
): Promise<{ fileName: string; body: Buffer }> {
  const pdf = createPdf({
    title: 'Plan Benefit Content',
    subtitle: `${content.organizationName} · ${content.planName}`,
    footer: `Effective ${formatDate(content.effectiveDate)}`,
  });
  pdf.fields([
    ['Plan', content.planName],
    ['Organization', content.organizationName],
    ['Effective date', formatDate(content.effectiveDate)],
    ['Through', content.expirationDate ? formatDate(content.expirationDate) : 'Until changed'],
    ['Deductible', content.deductible ?? 'None'],
    ['Out-of-pocket maximum', content.outOfPocketMax ?? 'None'],
  ]);
  pdf.heading('Member cost share');
  pdf.table(
    [
      { header: 'Tier', width: 0.7 },
      { header: 'Drugs', width: 2.2 },
      { header: 'Retail (30 days)', width: 1.6 },
      { header: 'Mail order (90 days)', width: 1.6 },
      { header: 'Coinsurance', width: 1.6 },
    ],
    content.tiers.map((t) => [
      String(t.tier),
      t.name,
      t.retailCopay,
      t.mailCopay,
      t.coinsurance ?? '—',
    ]),
  );
  pdf.heading('Formulary');
  pdf.paragraph(content.formulary);
  pdf.heading('Dispense as written (DAW)');
  pdf.paragraph(content.dawRule);
  if (programs.length > 0) {
    pdf.heading('Programs');
    for (const program of programs) {
      pdf.paragraph(program.description ? `${program.name}: ${program.description}` : program.name);
    }
  }
  return {
    fileName: pbcFileName(content.planName, content.effectiveDate),
    body: await pdf.toBuffer(),
  };
}
