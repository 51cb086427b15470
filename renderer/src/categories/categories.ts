// The cached category tree for screens that name categories (previews, pickers outside the
// editor): loaded once from the core, and a category's name as its path, never a bare id.
import { useEffect, useState } from 'react';
import type { IpcOutput } from '../../../shared/ipc/contract.ts';
import { call } from '../bridge/bridge-types.ts';
import { bridge } from '../bridge.ts';

export type Category = IpcOutput<'categories.list'>[number];
export { categoryPath, categoryTitle } from './category-names.ts';

/** The cached tree, [] until it arrives (a failed read leaves it empty: the picker says so). */
export function useCategories(): Category[] {
  const [categories, setCategories] = useState<Category[]>([]);
  useEffect(() => {
    let live = true;
    call(bridge, 'categories.list', {}).then((list) => live && setCategories(list), () => undefined);
    return () => {
      live = false;
    };
  }, []);
  return categories;
}
