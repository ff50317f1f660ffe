import type { Kysely } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import { issueScoped, type Scoped } from '../../platform/access/scoped.ts';
import { notFound } from '../../platform/http/problem.ts';
import type { DB } from '../../database.ts';
import { findInvoice, type InvoiceWithContext } from './workspace.repo.ts';

/*
 * The workspace's access check of its own objects (decision 0095). Organizations and groups are
 * checked by the organizations module (requireOrganization, requireGroup); an invoice is the
 * workspace's: one of the organization in the path, inside the principal's organizations, else
 * 404 like one that does not exist.
 */

/** An invoice of an organization in the principal's scope, with what its documents print. */
export type ScopedInvoice = Scoped<'invoice', { invoiceNo: number; invoice: InvoiceWithContext }>;

export async function requireInvoice(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
  invoiceNo: number,
): Promise<ScopedInvoice> {
  const invoice = await findInvoice(db, principal, organizationNo, invoiceNo);
  if (!invoice) throw notFound('Invoice');
  return issueScoped('invoice', { invoiceNo, invoice });
}
