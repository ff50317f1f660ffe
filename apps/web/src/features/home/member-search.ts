/** The members list searches employees or dependents (spec 1 §2 "Members page"). */
export type MemberContext = 'employee' | 'dependent';

/**
 * The members list's query-string prefix for each table (features/members/members-page.tsx):
 * it keeps its search in the URL per table (shared/search-table), so a search typed on the
 * home page opens the list with the name filled in. A name is one field, so the list asks for a
 * second before it searches (spec 1 §5); the home page has no way around the rule.
 */
const MEMBER_TABLE_PREFIX: Record<MemberContext, string> = { employee: 'emp', dependent: 'dep' };

/**
 * /members searching employees or dependents by name. Without a name, the list opens on the
 * chosen table (its `type` parameter), ready for the user's filters.
 */
export function membersSearchPath(context: MemberContext, name: string): string {
  const trimmed = name.trim();
  const query = trimmed
    ? new URLSearchParams({ [`${MEMBER_TABLE_PREFIX[context]}.name`]: trimmed })
    : new URLSearchParams({ type: context });
  return `/members?${query.toString()}`;
}

/** /organizations with a name search (the organizations list's prefix is `org`). */
export function organizationsSearchPath(name: string): string {
  const trimmed = name.trim();
  return trimmed
    ? `/organizations?${new URLSearchParams({ 'org.name': trimmed })}`
    : '/organizations';
}
