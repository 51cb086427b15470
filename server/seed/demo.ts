// Demo data for the sandbox marketplace. (Being written: categories, users, 300+ items with images.)
import type { Service } from '../service.ts';

export interface SeedOptions {
  onlyIfEmpty: boolean;
}

export async function seedDemo(_service: Service, _options: SeedOptions): Promise<void> {
  throw new Error('the demo seed is not written yet');
}
