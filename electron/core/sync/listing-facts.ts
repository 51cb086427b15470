// The facts of a listing the app reads (when it closes, units left, its reserve, its relisting),
// kept in columns of their own (cache step 22) beside the field values the seller edits. Every
// write of what the marketplace said of an item writes them (sync-repository, pull, summaries,
// restore), and the sales, the seller's reads, the rules and the grid read only these columns.

/** What the marketplace last said of a listing; null: not known (a summary does not tell it). */
export interface ListingFacts {
  /** When the listing closes (epoch ms). */
  closesAt: number | null;
  /** When it was (or will be) listed, as the marketplace writes it (YYYY-MM-DDTHH:MM:SS+hhmm): shown as written. */
  listedAt: string | null;
  /** Units still for sale: 0 once a buy-now listing is bought out. */
  unitsLeft: number | null;
  hasReserve: boolean | null;
  /** The highest bid is over the reserve price. */
  reserveMet: boolean | null;
  /** The marketplace relists it by itself if it closes unsold. */
  relistsUnsold: boolean | null;
  /** The remote id of the closed listing this one relists. */
  relistOf: number | null;
  /** Photos the listing shows on the marketplace. */
  listedPhotos: number | null;
}

/** The columns, in the order `factValues` gives their values. */
export const FACT_COLUMNS = ['closes_at', 'listed_at', 'units_left', 'has_reserve', 'reserve_met', 'relists_unsold', 'relist_of', 'listed_photos'] as const;

/** No fact known (an item the marketplace has not answered for). */
export const NO_FACTS: ListingFacts = {
  closesAt: null, listedAt: null, unitsLeft: null, hasReserve: null, reserveMet: null, relistsUnsold: null, relistOf: null, listedPhotos: null,
};

const bit = (b: boolean | null) => (b === null ? null : b ? 1 : 0);

/** The column values of `facts`, in FACT_COLUMNS' order. */
export function factValues(facts: ListingFacts): Array<string | number | null> {
  return [facts.closesAt, facts.listedAt, facts.unitsLeft, bit(facts.hasReserve), bit(facts.reserveMet), bit(facts.relistsUnsold), facts.relistOf, facts.listedPhotos];
}

/** `col = ?, …` for an UPDATE; `onlyIf`: an SQL condition under which the row takes them (else it keeps its own). */
export function factSets(onlyIf?: string): string {
  return FACT_COLUMNS.map((c) => (onlyIf ? `${c} = CASE WHEN ${onlyIf} THEN ? ELSE ${c} END` : `${c} = ?`)).join(', ');
}
