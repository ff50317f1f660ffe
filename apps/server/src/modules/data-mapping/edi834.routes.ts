import type { FastifyInstance } from 'fastify';
import { edi834Contracts as c } from '@pillar/domain';
import { registerRoute } from '../../platform/http/register-route.ts';
import { edi834ReadFields, UNMAPPED_834_TEMPLATE } from './edi834.layout.ts';
import { findTemplateIdByName } from './templates.repo.ts';

const LAYOUTS = [
  { filename: '005010X220A1', label: '005010X220A1 - Benefit Enrollment and Maintenance (5010)' },
];

/**
 * GET /datamapping/v1/edi834 and /schemas/edisegments: the 834 layouts the reader follows and one
 * of them as a read schema (decision 0119), with the fixed unmapped template of the layout
 * (decision 0133).
 */
export async function edi834Routes(app: FastifyInstance): Promise<void> {
  const fields = edi834ReadFields();
  const { db } = app.ctx;
  registerRoute(app, c.layouts, async () => {
    const unmappedTemplateId = (await findTemplateIdByName(db, UNMAPPED_834_TEMPLATE)) ?? null;
    return {
      data: LAYOUTS.map((layout) => ({ ...layout, unmappedTemplateId })),
      totalCount: LAYOUTS.length,
    };
  });
  registerRoute(app, c.segments, async ({ query }) => ({
    filename: query.filename,
    data: fields,
    totalCount: fields.length,
  }));
}
