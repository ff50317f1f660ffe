import { type FormInstance, type Modal } from 'antd';
import { MEMBER_RECORD_CONFIRMATIONS } from '@pillar/domain';

/*
 * What the member and dependent forms do around a submit: check the fields first, mark what the
 * domain schema or the server refuses, and ask before throwing edits away.
 */

/** What `form.setFields` takes: each field's name and errors. */
type FieldErrors<Values> = Parameters<FormInstance<Values>['setFields']>[0];

/** Whether the form's fields pass their rules (each refused field shows why). */
export async function isValid(form: FormInstance): Promise<boolean> {
  try {
    await form.validateFields();
    return true;
  } catch {
    return false;
  }
}

/** Marks the fields a whole-body check (the domain schema) refuses, as the server would. */
export function fieldErrorsOf<Values = unknown>(
  issues: readonly { path: PropertyKey[]; message: string }[],
): FieldErrors<Values> {
  const seen = new Set<string>();
  const out: { name: (string | number)[]; errors: string[] }[] = [];
  for (const issue of issues) {
    const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
    if (!path.length) continue;
    const key = path.join('.');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ name: path, errors: [issue.message] });
  }
  return out as FieldErrors<Values>;
}

/** A 400's params (field path with dots → message) as form field errors. */
export function serverFieldErrorsOf<Values = unknown>(
  params: Record<string, string>,
): FieldErrors<Values> {
  return fieldErrorsOf<Values>(
    Object.entries(params).map(([name, message]) => ({ path: name.split('.'), message })),
  );
}

/** Spec 1 §4: leaving a changed form asks first; resolves true when the user agrees. */
export async function confirmDiscard(
  modal: ReturnType<typeof Modal.useModal>[0],
): Promise<boolean> {
  return await modal.confirm({
    title: MEMBER_RECORD_CONFIRMATIONS.cancel,
    okText: 'Yes',
    cancelText: 'No',
  });
}
