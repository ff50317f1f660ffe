/**
 * The home dashboard's Files card (spec 1 §2): the five most recent files the user may see.
 * Owned by the files area; renders nothing until that area exists.
 */
export function RecentFilesCard() {
  return null;
}
