import { rebuildGroup, type GroupHistory, type GroupRow } from '../../../src/core/group';
import { groupFile, type GroupRow as StoredRow } from '../store/group.repo';
import type { Store } from '../store/store';

/** A stored row as the engine reads it: a body that is not JSON stays a string, and is listed as unread. */
export const asGroupRow = (r: StoredRow & { device: string }): GroupRow => {
  let body: unknown = r.body;
  try {
    body = JSON.parse(r.body) as unknown;
  } catch {
    /* rebuildGroup lists it */
  }
  return { id: r.id, device: r.device, n: Number(r.n), kind: r.kind, body, madeAt: r.made_at };
};

/** The group's history as this laptop holds it (the rows the sync process last pulled), rebuilt by the engine. */
export const groupHistory = (store: Store): GroupHistory => rebuildGroup(groupFile(store.db).rows().map(asGroupRow));
