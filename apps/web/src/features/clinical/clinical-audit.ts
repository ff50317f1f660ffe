import { formatDate } from '@pillar/domain';

/**
 * 'creator MM/DD/YYYY' (spec 2 §2 "Clinical configuration": Created and Last Updated show who
 * and the date); the date part alone when the user is not known.
 */
export function whoAndWhen(name: string | null | undefined, at: string | null | undefined): string {
  return [name, formatDate(at)].filter(Boolean).join(' ');
}
