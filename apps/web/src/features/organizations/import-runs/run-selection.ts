/** How the preview shows a member of Pillar that a full file leaves out (never terminated). */
export const ABSENT_TEXT = 'In Pillar, not in this file (not terminated)';

/** The deselected changes after the user (de)selects some: the selection call's whole list. */
export function nextDeselected(
  current: ReadonlySet<number>,
  ids: readonly number[],
  select: boolean,
): ReadonlySet<number> {
  const next = new Set(current);
  for (const id of ids) {
    if (select) next.delete(id);
    else next.add(id);
  }
  return next;
}

/** The words of the standard layout's fields a change names. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  dateOfBirth: 'Date of Birth',
  gender: 'Gender',
  termDate: 'Termination Date',
  effectiveDate: 'Effective Date',
  groupId: 'Group',
  divisionId: 'Division',
  benefitPackage: 'Benefit Package',
  cobra: 'COBRA',
  retiree: 'Retiree',
  student: 'Student',
  disabled: 'Disabled',
  adultDependent: 'Adult Dependent',
  relationship: 'Relationship',
  ssn: 'SSN',
  employeeSsn: 'Employee SSN',
  maintenanceCode: 'Maintenance Code',
  organizationId: 'Organization',
  recordType: 'Record Type',
  alternateGroupId: 'Alternate Group',
};

export function fieldLabel(field: string | null): string {
  if (field === null) return '—';
  return FIELD_LABELS[field] ?? field;
}
