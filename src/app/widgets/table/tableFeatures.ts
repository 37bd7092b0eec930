import { createPaginatedRowModel, rowPaginationFeature, rowSelectionFeature, tableFeatures } from '@tanstack/react-table';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../../domain/settingsDefaults';

/** Module scope, as TanStack Table v9 wants: stable features are what keep the row models cached. */
export const features = tableFeatures({
  rowSelectionFeature,
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
});
export type Features = typeof features;

export { DEFAULT_PAGE_SIZE, PAGE_SIZES };
