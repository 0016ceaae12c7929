export const favoriteKinds = ['document', 'software', 'cad'] as const;
export type FavoriteKind = (typeof favoriteKinds)[number];

/**
 * CAD favourites name a robot model (`model:<code>`), a partner library (`library:<id>`) or a
 * configured CAD set (`set:<model>:<option codes in the model's group order, comma-separated>`).
 */
export const cadFavoriteIdPattern = /^(model|library|set):(.+)$/;
export const cadFavoriteTargets = ['model', 'library', 'set'] as const;
export type CadFavoriteTarget = (typeof cadFavoriteTargets)[number];

export function cadFavoriteId(target: CadFavoriteTarget, id: string): string {
  return `${target}:${id}`;
}

export interface CadSetSelection {
  model: string;
  /** Option value codes, in the model's group order (as the configuration answers them). */
  options: string[];
}

/** The code of a CAD set favourite (after `set:`). */
export function cadSetCode({ model, options }: CadSetSelection): string {
  return `${model}:${options.join(',')}`;
}

/** The selection a CAD set favourite names; null when the code is not `<model>:<options>`. */
export function parseCadSetCode(code: string): CadSetSelection | null {
  const match = /^([^:,]+):([^:]*)$/.exec(code);
  if (!match) return null;
  return { model: match[1]!, options: match[2]!.split(',').filter((option) => option.length > 0) };
}
