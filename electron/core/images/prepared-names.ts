// What a prepared photo is called in an account's folder (images/ and thumbs/): its source's
// content hash, and the seller's edits when there are any. A name is always the same bytes, so a
// backup's photo store keeps each photo once; and a path is never taken from a file from outside:
// a restore or an import recomputes every row's paths from its hash and edits (backup/adopt-rows.ts)
// and refuses a photo whose name is not one of these.
import type { ImageEdits } from '../../../shared/ipc/contract.ts';

/** A SHA-256 as the core writes it: 64 lowercase hex digits. */
export const SHA256_HEX = /^[0-9a-f]{64}$/;

/** Every name preparedName can give: the hash, then `-e<turn>` and the crop's four ten-thousandths when edited. */
const PREPARED_NAME = /^[0-9a-f]{64}(?:-e(?:0|90|180|270)(?:(?:-\d{1,5}){4})?)?\.jpg$/;

export const isNoEdit = (edits: ImageEdits) => edits.rotate === 0 && edits.crop === null;

/** The edits as a name's tag: the turn, then the crop in ten-thousandths (the same edits, the same tag). */
export function editTag(edits: ImageEdits): string {
  const crop = edits.crop ? `-${[edits.crop.x, edits.crop.y, edits.crop.width, edits.crop.height].map((v) => Math.round(v * 10_000)).join('-')}` : '';
  return `${edits.rotate}${crop}`;
}

/** The file name of a source's prepared photo (and of its thumbnail, in thumbs/): the master when unedited. */
export function preparedName(sourceSha: string, edits: ImageEdits | null): string {
  if (!SHA256_HEX.test(sourceSha)) throw new Error('a prepared photo is named by its source\'s SHA-256');
  return edits === null || isNoEdit(edits) ? `${sourceSha}.jpg` : `${sourceSha}-e${editTag(edits)}.jpg`;
}

/** Whether `name` is one preparedName gives: no folder, no other extension, nothing else. */
export function isPreparedName(name: string): boolean {
  return PREPARED_NAME.test(name);
}
